#!/bin/sh
# Builds the site and copies it to the club's web server.
set -e
bundle exec jekyll build
rsync -a --delete _site/ deploy@club.example.org:/srv/www/club/
