#!/usr/bin/env bash
# SPDX-License-Identifier: GPL-2.0-only OR MIT
#
# apt-get update that survives a mirror caught mid-sync.  A mirror that
# serves one index of a new size under an old Release file ("File has
# unexpected size ... Mirror sync in progress?") makes apt-get update fail
# although every other index is fresh.  Retry a few times; if it still
# fails, go on with the indexes apt has and say so: apt-get install then
# fails, loudly, only if a package it needs cannot be found.
# Usage: scripts/apt-update.sh [apt-get update options]
set -euo pipefail

tries=3
for try in $(seq "$tries"); do
	apt-get update "$@" && exit 0
	echo "apt-update: apt-get update failed (try $try of $tries)" >&2
	[ "$try" = "$tries" ] || sleep $((try * 5))
done
echo "apt-update: warning: going on with the package indexes apt has" >&2
