#!/bin/sh
# Back up the league's database: one pg_dump (custom format, compressed) into BACKUP_DIR, and
# delete the dumps older than BACKUP_KEEP_DAYS days. Run daily by deploy/league-backup.timer, or
# from cron (deploy/backup.cron). Restore: README, "Backups".
#
#   DATABASE_URL      the database to dump (read from the app's .env by the systemd unit)
#   BACKUP_DIR        where the dumps go (default /var/backups/league)
#   BACKUP_KEEP_DAYS  how many days of dumps are kept (default 14)
set -eu

: "${DATABASE_URL:?DATABASE_URL is not set}"
dir=${BACKUP_DIR:-/var/backups/league}
keep=${BACKUP_KEEP_DAYS:-14}

umask 077  # the dumps hold every account's data
mkdir -p "$dir"
file="$dir/league-$(date -u +%Y%m%dT%H%M%SZ).dump"
# Into a .part file first: an interrupted dump is never taken for a good one.
pg_dump --format=custom --no-owner --no-privileges --file="$file.part" "$DATABASE_URL"
mv "$file.part" "$file"
find "$dir" -maxdepth 1 -name 'league-*.dump' -type f -mtime +"$keep" -delete
find "$dir" -maxdepth 1 -name 'league-*.dump.part' -type f -mmin +1440 -delete
echo "backup: $file ($(wc -c < "$file") bytes); dumps older than $keep days removed"
