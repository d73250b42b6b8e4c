"""Tables generated from maintained data and committed: each matches what its source gives now."""
import subprocess

from conftest import REPO


def test_emoji_table_matches_the_installed_emoji_package():
    # scripts/setup.sh --test installs Debian's python3-emoji, the table's source.
    result = subprocess.run(["/usr/bin/python3", REPO / "scripts" / "generate-emoji-table.py", "--check"], capture_output=True, text=True)
    assert result.returncode == 0, result.stderr
