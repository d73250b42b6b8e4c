"""The default theme's code colours pass WCAG AA (4.5:1), light and dark, on every background."""
import subprocess
import sys

from conftest import REPO


def test_code_highlighting_colours_pass_wcag_aa():
    css = REPO / "templates" / "assets" / "herald.css"
    result = subprocess.run([sys.executable, REPO / "scripts" / "check-code-contrast.py", css], capture_output=True, text=True)
    assert result.returncode == 0, result.stdout + result.stderr
    # Both palettes were read: a file without them would have no pair to fail.
    assert "light lowest:" in result.stdout and "dark  lowest:" in result.stdout, result.stdout
