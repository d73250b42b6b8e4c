"""The CI workflows `herald new site --ci github|gitlab` writes: valid YAML, valid against the
services' own schemas (GitHub's workflow schema and GitLab's CI schema, as check-jsonschema ships
them), and their herald commands work on the site they were written for. They cannot run here
(no GitHub or GitLab), so the steps that install Herald and deploy are checked by schema only."""
import pathlib
import re
import shlex
import subprocess

import pytest
import yaml

from conftest import herald_binary

PAGES_URL = "https://student-union.example.io/news"
SCHEMAS = {"github": "vendor.github-workflows", "gitlab": "vendor.gitlab-ci"}
PATHS = {"github": ".github/workflows/publish.yml", "gitlab": ".gitlab-ci.yml"}


@pytest.fixture(scope="module", params=["github", "gitlab"])
def site(request, tmp_path_factory):
    folder = tmp_path_factory.mktemp("ci") / f"club-{request.param}"
    result = subprocess.run([str(herald_binary()), "new", "site", str(folder), "--ci", request.param],
                            capture_output=True, text=True)
    assert result.returncode == 0, result.stderr
    assert PATHS[request.param] in result.stdout, result.stdout
    return request.param, folder


def test_the_workflow_is_valid_against_the_services_schema(site):
    service, folder = site
    workflow = folder / PATHS[service]
    result = subprocess.run(["check-jsonschema", "--builtin-schema", SCHEMAS[service], str(workflow)],
                            capture_output=True, text=True)
    assert result.returncode == 0, result.stdout + result.stderr


def test_the_workflow_installs_this_version_of_herald(site):
    service, folder = site
    text = (folder / PATHS[service]).read_text()
    version = (pathlib.Path(__file__).resolve().parents[2] / "VERSION").read_text().strip()
    assert f'HERALD_VERSION: "{version}"' in text
    assert "/download/v${HERALD_VERSION}/herald_${HERALD_VERSION}_amd64.deb" in text
    assert "apt-get install -y -qq /tmp/herald.deb" in text


def herald_commands(service, workflow):
    """The workflow's herald build/check commands, with the service's Pages address filled in."""
    if service == "github":
        build = workflow["jobs"]["build"]
        assert build["container"] == "debian:12"
        lines = [step["run"] for step in build["steps"] if "run" in step and step["run"].startswith("herald ")]
        lines = [line.replace("${{ steps.pages.outputs.base_url }}", PAGES_URL) for line in lines]
    else:
        job = workflow["pages"]
        assert job["image"] == "debian:12"
        lines = [line.replace("$CI_PAGES_URL", PAGES_URL) for line in job["script"]]
    return [shlex.split(line) for line in lines]


def test_the_workflows_herald_commands_build_and_check_the_new_site(site):
    service, folder = site
    workflow = yaml.safe_load((folder / PATHS[service]).read_text())
    commands = herald_commands(service, workflow)
    assert [command[:2] for command in commands] == [["herald", "build"], ["herald", "check"]]
    for command in commands:
        result = subprocess.run([str(herald_binary())] + command[1:], cwd=folder, capture_output=True, text=True)
        assert result.returncode == 0, f"{' '.join(command)}:\n{result.stdout}{result.stderr}"
        # The address is the service's, so check has nothing to say about a placeholder baseURL.
        assert "placeholder" not in result.stderr
    # What the service deploys is what the build wrote, for the Pages address.
    deployed = folder / ("site-output" if service == "github" else "public")
    if service == "github":
        upload = next(step for step in workflow["jobs"]["build"]["steps"] if step.get("uses", "").startswith("actions/upload-pages-artifact"))
        assert upload["with"]["path"] == "site-output"
        deploy = workflow["jobs"]["deploy"]
        assert deploy["needs"] == "build" and deploy["environment"]["name"] == "github-pages"
        assert any(step.get("uses", "").startswith("actions/deploy-pages") for step in deploy["steps"])
        assert workflow["permissions"] == {"contents": "read", "pages": "write", "id-token": "write"}
    else:
        assert workflow["pages"]["artifacts"]["paths"] == ["public"]
    # Built for the Pages address: canonical links and feeds are absolute there, and the pages'
    # own links carry its path (/news/), which a site served from a project's Pages folder needs.
    home = (deployed / "index.html").read_text()
    assert f'<link rel="canonical" href="{PAGES_URL}/">' in home
    assert re.search(r'<link rel="alternate" type="application/rss\+xml"[^>]*href="/news/feed.xml"', home)
    assert f"<link>{PAGES_URL}/</link>" in (deployed / "feed.xml").read_text()
