# shellcheck shell=bash
# Reading tests/posix/expect (sourced by run.sh).  Each line
# of that file is "PATTERN FIELD VALUE [REASON...]"; PATTERN is a shell
# pattern over test IDs, and the first line that matches an ID and
# FIELD decides.
expect_file=${expect_file:-$(dirname "${BASH_SOURCE[0]}")/expect}

# expect_prime ID: read the lines whose pattern matches ID once, into
# the shell's memory (call it in the main shell: the lookups below run in
# command substitutions, which inherit it).
expect_cache_id="" expect_cache=()
expect_prime() {
	local id=$1 pattern f rest
	[ "$id" = "$expect_cache_id" ] && return
	expect_cache=()
	while read -r pattern f rest; do
		case $pattern in '' | '#'*) continue ;; esac
		# shellcheck disable=SC2053 # the pattern is meant to match
		[[ $id == $pattern ]] && expect_cache+=("$f $rest")
	done <"$expect_file"
	expect_cache_id=$id
}

# expect_lines ID FIELD: "VALUE REASON..." of every matching line.
expect_lines() {
	local id=$1 field=$2 line
	expect_prime "$id"
	for line in "${expect_cache[@]}"; do
		[ "${line%% *}" = "$field" ] && echo "${line#* }"
	done
	return 0
}

# expect_value ID FIELD: the first matching line's value (the whole rest
# of the line for `args`).
expect_value() {
	local line
	expect_prime "$1"
	for line in "${expect_cache[@]}"; do
		[ "${line%% *}" = "$2" ] || continue
		line=${line#* }
		[ "$2" = args ] || line=${line%% *}
		echo "$line"
		return 0
	done
}

# expect_lock_allowed ID LOCK: false if an `exclude` line names LOCK.
expect_lock_allowed() {
	local locks reason
	while read -r locks reason; do
		case ",$locks," in *",$2,"*) return 1 ;; esac
	done < <(expect_lines "$1" exclude)
	return 0
}

# expect_exclude_reason ID LOCK: why LOCK is not run for ID.
expect_exclude_reason() {
	local locks reason
	while read -r locks reason; do
		case ",$locks," in *",$2,"*) echo "$reason"; return ;; esac
	done < <(expect_lines "$1" exclude)
}

# expect_known ID LOCK: the reason of a `known` line naming LOCK, if any.
expect_known() {
	local locks reason
	while read -r locks reason; do
		case ",$locks," in *",$2,"*) echo "$reason"; return ;; esac
	done < <(expect_lines "$1" known)
}
