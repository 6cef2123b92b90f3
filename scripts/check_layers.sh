#!/usr/bin/env bash
# The runtime's layers import one way (docs/one-model.md, "Target layers"): the core
# names no format and nothing of the model; each format (codec/src/json/,
# codec/src/msgpack/, codec/src/cbor/) names only the core and its own folder, never
# another format, the model or the bridges. Fails, printing the offending lines, when a file does.
#
# What counts as naming a module: a path `crate::<module>` or `$crate::<module>`, a
# grouped import `crate::{..., <module>::..., ...}` (over several lines too), and a
# `super::` chain that climbs out of the format's folder (or the core file) to the crate
# root. Lines whose first non-space characters are `//` (comments, doc comments and
# their links) are skipped.
#
# The model is `impls/`, `__private.rs`, `with.rs`, `bytes.rs`; the bridges are `serde/`
# and `bridge/`. The traits of `lib.rs` (`Encode`, `Decode`, `EncodeKey`, `DecodeKey`,
# `DecodeOwned`), `EncodeBytes` and `DecodeBytes` stay allowed through the crate root: the core's
# `Reader` names `Decode` as a bound (`decode_key_as_value<T: Decode>`: a MessagePack key
# read again as a value), and the formats' entry points (`to_vec<T: Encode>`) take them. The root re-exports of the model's other items
# (`EncodeFields`, `DecodeFields` of `__private.rs`; `Bytes` of `bytes.rs`) count as the
# model.
set -euo pipefail
cd "$(dirname "$0")/.."

src=codec/src
core_files=(error.rs reader.rs writer.rs sink.rs window.rs binary_stream.rs refs.rs non_finite.rs unix_time.rs key_index.rs dynamic.rs)
model='impls __private with bytes serde bridge'
model_root_items='EncodeFields DecodeFields Bytes'

# Allowed exceptions, one `path|text` a line: a line of `path` that contains `text` is
# not reported. Each needs a comment saying why it cannot move yet.
exceptions=(
    # (none)
)

for f in "${core_files[@]}"; do
    if [ ! -f "$src/$f" ]; then
        echo "check_layers.sh: core file $src/$f is missing: update the list in this script" >&2
        exit 1
    fi
done

# check FILE FORBIDDEN_MODULES: prints `file:line: text (names crate::module)` for each
# offence; the exit status is always 0 (the caller counts the output).
check() {
    local file=$1 forbidden=$2
    # The file's depth below the crate root: `json/value.rs` is crate::json::value (2),
    # `json/mod.rs` crate::json (1), `reader.rs` crate::reader (1).
    local rel=${file#"$src"/} depth
    rel=${rel%.rs}
    rel=${rel%/mod}
    depth=$(awk -F/ '{ print NF }' <<<"$rel")
    FORBIDDEN="$forbidden $model_root_items" DEPTH="$depth" perl -ne '
        BEGIN {
            %bad = map { $_ => 1 } split " ", $ENV{FORBIDDEN};
            $depth = $ENV{DEPTH};
            @mods = ();          # indentation of the inline `mod name {` blocks we are in
            $group = undef;      # text of a `crate::{...}` group still open
        }
        chomp;
        my $line = $_;
        next if $line =~ m{^\s*//};
        my %why;
        # Inline modules, by the indentation rustfmt gives their opening and closing lines.
        if ($line =~ /^(\s*)(?:pub(?:\([^)]*\))?\s+)?mod\s+\w+\s*\{\s*$/) {
            push @mods, length $1;
        } elsif (@mods && $line =~ /^(\s*)\}\s*$/ && length($1) == $mods[-1]) {
            pop @mods;
        }
        # Paths: crate::x and $crate::x.
        while ($line =~ /(?<![\w:])\$?crate::(\w+)\b/g) {
            $why{"names crate::$1"} = 1 if $bad{$1};
        }
        # super:: chains that reach the crate root.
        while ($line =~ /(?<![\w:])((?:super::)+)/g) {
            my $up = () = $1 =~ /super::/g;
            if ($depth + @mods - $up < 1) {
                $why{"super:: climbs to the crate root"} = 1;
            }
        }
        # Grouped imports: crate::{a::b, c, d::{e, f}}, possibly over several lines.
        if (!defined $group && $line =~ /(?<![\w:])\$?crate::\{(.*)$/) {
            ($group, $group_line, $group_text) = ($1, $., $line);
        } elsif (defined $group) {
            $group .= " $line";
        }
        if (defined $group) {
            my ($level, $item, @items, $closed) = (1, "");
            for my $c (split //, $group) {
                if ($c eq "{") { $level++ }
                elsif ($c eq "}") { $level--; if ($level == 0) { $closed = 1; last } }
                if ($level == 1 && $c eq ",") { push @items, $item; $item = ""; next }
                $item .= $c;
            }
            if ($closed) {
                push @items, $item;
                for my $it (@items) {
                    my ($first) = $it =~ /^\s*(\w+)/ or next;
                    (my $name = $it) =~ s/^\s+|\s+$//g;
                    print "$ARGV:$group_line: $group_text   (names crate::$first, grouped: $name)\n" if $bad{$first};
                }
                $group = undef;
            }
        }
        print "$ARGV:$.: $line   (", join("; ", sort keys %why), ")\n" if %why;
        close ARGV if eof;   # reset $. per file
    ' "$file"
}

offences=""
for f in "${core_files[@]}"; do
    offences+=$(check "$src/$f" "json msgpack cbor $model")$'\n'
done
while IFS= read -r -d '' f; do
    offences+=$(check "$f" "msgpack cbor $model")$'\n'
done < <(find "$src/json" -name '*.rs' -print0 | sort -z)
while IFS= read -r -d '' f; do
    offences+=$(check "$f" "json cbor $model")$'\n'
done < <(find "$src/msgpack" -name '*.rs' -print0 | sort -z)
while IFS= read -r -d '' f; do
    offences+=$(check "$f" "json msgpack $model")$'\n'
done < <(find "$src/cbor" -name '*.rs' -print0 | sort -z)

reported=""
while IFS= read -r line; do
    [ -n "$line" ] || continue
    for exception in ${exceptions[@]+"${exceptions[@]}"}; do
        path=${exception%%|*}
        text=${exception#*|}
        if [[ $line == "$path":* && $line == *"$text"* ]]; then
            continue 2
        fi
    done
    reported+="$line"$'\n'
done <<<"$offences"

if [ -n "$reported" ]; then
    echo "check_layers.sh: these lines cross the layers (docs/one-model.md, \"Target layers\"):" >&2
    printf '%s' "$reported" >&2
    exit 1
fi
echo "check_layers.sh: the core names no format nor the model; json/, msgpack/ and cbor/ name only the core and their own folder"
