"""Every iCalendar file is strict RFC 5545 and reads back as the events its front matter gives."""
import datetime
import json
import pathlib
import subprocess
import tempfile
import urllib.parse

import icalendar
import pytest
from dateutil import rrule

from conftest import SITES, STANDARDS, files, herald_binary, NOW


def api_events(out):
    """Event documents of the JSON API, by UID-independent key: the event's page URL."""
    return {doc["url"]: doc for doc in (json.loads(p.read_text()) for p in (out / "api" / "events").glob("*.json"))}


def instant(text):
    """A start or end as the API writes it: RFC 3339 date-time, or a date."""
    return datetime.datetime.fromisoformat(text) if "T" in text else datetime.date.fromisoformat(text)


@pytest.mark.parametrize("site", SITES)
def test_every_calendar_passes_the_strict_rfc5545_checker(built_sites, site):
    calendars = files(built_sites[site], "*.ics")
    result = subprocess.run(["python3", str(STANDARDS / "ics_check.py"), *map(str, calendars)], capture_output=True, text=True)
    assert result.returncode == 0, result.stdout + result.stderr
    assert result.stdout.count(": OK (") == len(calendars)


@pytest.mark.parametrize("site", SITES)
def test_events_read_back_with_the_instants_and_text_of_their_front_matter(built_sites, site):
    out = built_sites[site]
    api = api_events(out)
    calendar = icalendar.Calendar.from_ical((out / "events.ics").read_bytes())
    events = calendar.walk("VEVENT")
    assert len(events) == len(api), "every event is in events.ics"
    for event in events:
        doc = api[str(event["URL"])]
        assert str(event["SUMMARY"]) == doc["title"], "text survives escaping and folding"
        first = doc["event"]["occurrences"][0] if "occurrences" in doc["event"] else doc["event"]
        start = event["DTSTART"].dt
        assert start == instant(first["start"]), doc["title"]
        if "end" in first:
            end = event["DTEND"].dt
            # All-day: the API names the last day, iCalendar the day after it (exclusive end).
            expected = instant(first["end"])
            if isinstance(expected, datetime.date) and not isinstance(expected, datetime.datetime):
                expected += datetime.timedelta(days=1)
            assert end == expected, doc["title"]
        status = {"scheduled": "CONFIRMED", "cancelled": "CANCELLED", "postponed": "TENTATIVE"}[doc["event"]["status"]]
        assert str(event["STATUS"]) == status


@pytest.mark.parametrize("site", SITES)
def test_repeating_events_expand_to_the_same_dates_in_calendar_apps(built_sites, site):
    out = built_sites[site]
    calendar = icalendar.Calendar.from_ical((out / "events.ics").read_bytes())
    api = api_events(out)
    repeating = [e for e in calendar.walk("VEVENT") if "RRULE" in e]
    assert repeating, f"{site} has a repeating event"
    for event in repeating:
        doc = api[str(event["URL"])]
        start = event["DTSTART"].dt
        rule = rrule.rrulestr(event["RRULE"].to_ical().decode(), dtstart=start, forceset=True)
        exdates = event.get("EXDATE")
        for exdate in (exdates if isinstance(exdates, list) else [exdates] if exdates else []):
            for value in exdate.dts:
                rule.exdate(value.dt)
        expanded = list(rule)
        assert [instant(o["start"]) for o in doc["event"]["occurrences"]] == expanded, doc["title"]


def test_a_literal_backslash_round_trips(tmp_path):
    """ics_check.py's escape regex flags any `\\\\` not followed by n, N, ; or , (a false positive
    for a literal backslash), so this case is checked by parsing alone."""
    site = tmp_path / "site"
    (site / "content" / "events").mkdir(parents=True)
    (site / "site.yml").write_text("title: T\nbaseURL: https://example.org/\n")
    (site / "content" / "events" / "e.md").write_text('---\ntitle: "C:\\\\ drive, back\\\\slash; done"\nstart: 2026-12-01 10:00\n---\n')
    result = subprocess.run([str(herald_binary()), "build", "--source", str(site), "--output", str(tmp_path / "out"), "--now", NOW, "--quiet"],
                            capture_output=True, text=True)
    assert result.returncode == 0, result.stderr
    raw = (tmp_path / "out" / "events.ics").read_text()
    assert "SUMMARY:C:\\\\ drive\\, back\\\\slash\\; done" in raw
    event = icalendar.Calendar.from_ical(raw.encode()).walk("VEVENT")[0]
    assert str(event["SUMMARY"]) == "C:\\ drive, back\\slash; done"


def test_event_pages_link_their_calendar_file_and_the_subscription(built_sites):
    out = built_sites["example"]
    page = (out / "events" / "weekly-coding-night" / "index.html").read_text()
    assert 'href="/cs/events/weekly-coding-night/event.ics"' in page
    assert 'href="webcal://union.example.edu/cs/events.ics"' in page
    assert (out / "events" / "weekly-coding-night" / "event.ics").exists()
