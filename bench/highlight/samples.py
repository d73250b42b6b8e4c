"""Writes the code samples the highlighting benchmarks read: a typical 20-line block in each of ten
languages (LANG.20) and a 500-line one (LANG.500, the 20 lines 25 times), into the folder given."""
import pathlib
import sys

SAMPLES = {
    "python": '''import json
from dataclasses import dataclass


@dataclass
class Event:
    """One entry of the club's calendar."""
    title: str
    starts: str
    seats: int = 0

    def is_full(self, booked: int) -> bool:
        return booked >= self.seats > 0


def load(path):
    with open(path, encoding="utf-8") as f:
        rows = json.load(f)
    # Skip drafts: they have no start time yet.
    return [Event(**r) for r in rows if r.get("starts")]
''',
    "go": '''package main

import (
	"fmt"
	"os"
	"strings"
)

// Event is one entry of the club's calendar.
type Event struct {
	Title  string
	Starts string
	Seats  int
}

func (e Event) IsFull(booked int) bool { return e.Seats > 0 && booked >= e.Seats }
func main() {
	names := strings.Split(os.Getenv("EVENTS"), ",")
	fmt.Printf("%d events: %v\\n", len(names), names)
}
''',
    "c": '''#include <stdio.h>
#include <stdlib.h>
#include <string.h>

/* One entry of the club's calendar. */
struct event {
    const char *title;
    int seats;
};

static int is_full(const struct event *e, int booked) {
    return e->seats > 0 && booked >= e->seats;
}

int main(int argc, char **argv) {
    struct event e = { "Open day", 40 };
    int booked = argc > 1 ? atoi(argv[1]) : 0;
    printf("%s: %s\\n", e.title, is_full(&e, booked) ? "full" : "open");
    return EXIT_SUCCESS;
}
''',
    "javascript": '''// One entry of the club's calendar, and the page that lists them.
const events = [
  { title: "Open day", starts: "2026-05-02T10:00", seats: 40 },
  { title: "Robotics", starts: "2026-05-09T14:00", seats: 12 },
];

function isFull(event, booked) {
  return event.seats > 0 && booked >= event.seats;
}

async function load(url) {
  const response = await fetch(url);
  if (!response.ok) throw new Error(`HTTP ${response.status}`);
  return (await response.json()).filter((e) => e.starts);
}

document.querySelectorAll(".event").forEach((node, i) => {
  node.textContent = `${events[i].title} (${isFull(events[i], 0) ? "full" : "open"})`;
});
export { isFull, load };
''',
    "rust": '''use std::collections::HashMap;
use std::fmt;

/// One entry of the club's calendar.
#[derive(Debug, Clone)]
pub struct Event {
    pub title: String,
    pub seats: u32,
}

impl Event {
    pub fn is_full(&self, booked: u32) -> bool {
        self.seats > 0 && booked >= self.seats
    }
}

impl fmt::Display for Event {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result { write!(f, "{} ({})", self.title, self.seats) }
}
pub fn index(events: &[Event]) -> HashMap<&str, &Event> { events.iter().map(|e| (e.title.as_str(), e)).collect() }
''',
    "bash": '''#!/bin/bash
# Publishes the club's site: builds it, checks it, and copies it to the server.
set -euo pipefail

site=${1:-.}
out=$(mktemp -d)
trap 'rm -rf "$out"' EXIT

if ! command -v herald > /dev/null; then
  echo "herald is not installed" >&2
  exit 1
fi

herald build --source "$site" --output "$out"
count=$(find "$out" -name '*.html' | wc -l)
echo "built $count pages"
for host in web1 web2; do
  rsync -a --delete "$out/" "deploy@$host:/srv/www/"
done
echo "done"
''',
    "yaml": '''# The club's site: one file, read at every build.
title: Robotics Club
baseURL: https://robotics.example.edu/
language: en
timezone: Europe/Berlin
markdown:
  footnotes: true
  highlight: true
  emoji: false
menus:
  main:
    - name: News
      url: /news/
    - name: Events
      url: /events/
    - name: About us
      url: /about/
params:
  contact: "robotics@example.edu"
  seats: 40
''',
    "html": '''<!DOCTYPE html>
<html lang="en">
<head>
  <meta charset="utf-8">
  <title>Open day</title>
  <link rel="stylesheet" href="/css/site.css">
</head>
<body>
  <header class="site-header">
    <a href="/" class="logo">Robotics Club</a>
  </header>
  <main>
    <h1>Open day</h1>
    <p>Come and see the robots on <time datetime="2026-05-02">2 May</time>.</p>
    <!-- The form posts to the booking service. -->
    <form action="/book" method="post"><input name="email" type="email" required></form>
  </main>
  <script src="/js/menu.js" defer></script>
</body>
</html>
''',
    "sql": '''-- Seats left for each upcoming event of the club.

CREATE TABLE IF NOT EXISTS events (
    id      INTEGER PRIMARY KEY,
    title   TEXT NOT NULL,
    starts  TIMESTAMP NOT NULL,
    seats   INTEGER DEFAULT 0
);

CREATE INDEX events_starts ON events (starts);

SELECT e.title,
       e.starts,
       e.seats - COUNT(b.id) AS seats_left
  FROM events AS e
  LEFT JOIN bookings AS b ON b.event_id = e.id
 WHERE e.starts > CURRENT_TIMESTAMP
 GROUP BY e.id, e.title, e.starts, e.seats
HAVING e.seats - COUNT(b.id) > 0
 ORDER BY e.starts;
''',
    "java": '''package edu.example.club;

import java.time.LocalDateTime;
import java.util.List;

/** One entry of the club's calendar. */
public final class Event {
    private final String title;
    private final LocalDateTime starts;
    private final int seats;

    public Event(String title, LocalDateTime starts, int seats) {
        this.title = title;
        this.starts = starts;
        this.seats = seats;
    }
    public boolean isFull(int booked) { return seats > 0 && booked >= seats; }

    public static List<Event> upcoming(List<Event> all) { return all.stream().filter(e -> e.starts.isAfter(LocalDateTime.now())).toList(); }
}
''',
}

if __name__ == "__main__":
    folder = pathlib.Path(sys.argv[1])
    folder.mkdir(parents=True, exist_ok=True)
    for language, code in SAMPLES.items():
        assert code.count("\n") == 20, (language, code.count("\n"))
        (folder / f"{language}.20").write_text(code)
        (folder / f"{language}.500").write_text(code * 25)
