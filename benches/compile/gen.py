#!/usr/bin/env python3
"""Generator and table maker for benches/compile/run.sh (stdlib only, Python 3.8+).

    gen.py generate --out DIR --codec PATH [--types N] [--seed S] [--modules M] [--used U]
        Writes a cargo workspace into DIR with two member crates, `codec_models` and
        `serde_models`, holding the same N model types. They differ only in the derive
        (`codec::Codec` or serde's `Serialize, Deserialize`), in the attribute namespace
        (`#[codec(..)]` or `#[serde(..)]`, with codec's spelling `skip_encoding_if` for
        serde's `skip_serializing_if`), and in the JSON crate that the per-type round-trip
        functions call (`codec::json` or `serde_json`). With --used U only the first U
        types get a round-trip function: the crate derives N types and uses U of them.

    gen.py table TIMES_TSV [--expanded EXPANDED_TSV]
        Reads the timings that run.sh recorded (crate, profile, rep, wall seconds, CPU
        seconds; one per line, tab-separated) and prints the markdown table: median and
        min wall time, median CPU time, and the codec/serde ratios of the medians.

The models are drawn from a seeded random generator, so the same --types and --seed
always give byte-identical crates: a run can be repeated, and compared across commits.
"""

import argparse
import os
import random
import statistics
import sys

# codec_models uses codec without default features but `std` (JSON only, as serde_models
# uses serde_json only); codec_mp_models uses codec's default features, JSON and
# MessagePack, which double what the derive emits. Both render the same source.
CRATES = ("codec", "codec_mp", "serde")


def flavor(crate):
    """Which derive a crate's source uses: "codec" or "serde"."""
    return "serde" if crate == "serde" else "codec"

# Profiles in the order the table lists them; run.sh uses the same names.
PROFILES = ("dev", "dev-noincr", "release")
PROFILE_LABEL = {
    "dev": "debug (incremental)",
    "dev-noincr": "debug (non-incremental)",
    "release": "release",
}

# --- vocabulary -------------------------------------------------------------------------

STEMS = [
    "Account", "Address", "Invoice", "Order", "Product", "Customer", "Shipment",
    "Payment", "Refund", "Subscription", "Plan", "Coupon", "Review", "Comment", "Post",
    "Thread", "Message", "Channel", "Team", "Project", "Task", "Milestone", "Repository",
    "Commit", "Deployment", "Build", "Artifact", "Sensor", "Reading", "Device",
    "Firmware", "Alert", "Incident", "Ticket", "Warehouse", "Inventory", "Supplier",
    "Contract", "Employee", "Department", "Schedule", "Shift", "Booking", "Room",
    "Flight", "Passenger", "Route", "Vehicle", "Driver", "Trip", "Policy", "Claim",
    "Document", "Attachment", "Webhook", "Session", "Token", "Role", "Permission",
    "Organization", "Workspace", "Report", "Metric", "Dashboard", "Notification",
]
STRUCT_SUFFIXES = ["", "Summary", "Detail", "Request", "Response", "Settings", "Info",
                   "Update", "Snapshot", "Record", "Stats", "Config"]
ENUM_SUFFIXES = ["Status", "Kind", "State", "Event", "Action", "Change", "Payload",
                 "Source", "Target", "Outcome"]

UNIT_VARIANTS = [
    "Created", "Updated", "Deleted", "Archived", "Pending", "Active", "Suspended",
    "Closed", "Failed", "Succeeded", "Cancelled", "Draft", "Published", "Queued",
    "Running", "Paused", "Expired", "Refunded", "Shipped", "Delivered", "Returned",
    "Unknown", "Low", "Medium", "High", "Critical", "Internal", "External", "Manual",
    "Scheduled",
]

# (field name, Rust type, may it carry `default`). Plain data fields of domain models.
SCALAR_FIELDS = [
    ("id", "u64", False), ("name", "String", True), ("title", "String", True),
    ("description", "String", True), ("email", "String", False),
    ("created_at", "i64", False), ("updated_at", "i64", False),
    ("deleted_at", "Option<i64>", True), ("version", "u32", True),
    ("count", "u32", True), ("total", "u64", True), ("amount", "f64", False),
    ("price", "f64", False), ("currency", "String", False), ("is_active", "bool", True),
    ("verified", "bool", True), ("tags", "Vec<String>", True),
    ("labels", "HashMap<String, String>", True),
    ("metadata", "HashMap<String, String>", True), ("url", "String", False),
    ("avatar_url", "Option<String>", True), ("phone", "Option<String>", True),
    ("notes", "Option<String>", True), ("priority", "i32", True), ("score", "f64", True),
    ("latitude", "f64", False), ("longitude", "f64", False), ("quantity", "u32", False),
    ("sku", "String", False), ("locale", "String", True), ("timezone", "String", True),
    ("duration_ms", "u64", False), ("size_bytes", "u64", False),
    ("checksum", "String", False), ("parent_id", "Option<u64>", True),
    ("owner_id", "u64", False), ("external_ref", "Option<String>", True),
    ("weights", "Vec<f64>", True), ("counts", "HashMap<String, u64>", True),
    ("enabled", "bool", True), ("limit", "Option<u32>", True), ("offset", "i64", True),
    ("attempts", "u32", True), ("message", "String", False), ("code", "u32", False),
    ("region", "String", False), ("ids", "Vec<u64>", True), ("ratio", "f64", True),
    ("balance", "i64", False), ("expires_at", "Option<i64>", True),
    ("first_name", "String", False), ("last_name", "String", False),
    ("display_name", "Option<String>", True), ("revision", "u64", True),
    ("hostname", "String", False), ("port", "u32", False), ("is_default", "bool", True),
    ("emails", "Vec<String>", True), ("thresholds", "Vec<i64>", True),
]

# Keys that the `rename` attribute gives, as real APIs do for legacy or reserved names.
RENAMES = ["ref", "self", "_id", "x-request-id", "legacyName", "v", "ts",
           "@timestamp", "$schema"]


def snake(name):
    out = []
    for i, ch in enumerate(name):
        if ch.isupper() and i:
            out.append("_")
        out.append(ch.lower())
    return "".join(out)


def plural(word):
    if word.endswith("y") and not word.endswith("ey"):
        return word[:-1] + "ies"
    if word.endswith(("s", "sh", "ch", "x")):
        return word + "es"
    return word + "s"


# --- model ------------------------------------------------------------------------------
#
# A type is a dict: {"kind": "struct"|"unit_enum"|"ext_enum"|"int_enum", "name": ...,
# "attrs": [neutral container attrs], and "fields" or "variants"}. A field is
# (name, rust type, [neutral attrs]). A neutral attr is a tuple rendered per crate:
# ("rename", "x"), ("rename_all", "camelCase"), ("default",), ("skip_if", "Option::is_none"),
# ("tag", "type").


class Gen:
    def __init__(self, seed):
        self.rng = random.Random(seed)
        self.types = []
        self.used_names = set()

    def fresh_name(self, suffixes):
        for _ in range(1000):
            name = self.rng.choice(STEMS) + self.rng.choice(suffixes)
            if name not in self.used_names:
                self.used_names.add(name)
                return name
        # Fallback once the vocabulary runs dry (only for very large --types).
        name = "{}{}".format(self.rng.choice(STEMS), len(self.types))
        self.used_names.add(name)
        return name

    def earlier(self, kinds):
        return [t for t in self.types if t["kind"] in kinds]

    # A reference to an earlier type, wrapped as real models do: T, Option<T>, Vec<T>,
    # HashMap<String, T>. Returns (field name, type, attrs).
    def reference_field(self, taken):
        pool = self.earlier({"struct", "unit_enum", "ext_enum", "int_enum"})
        if not pool:
            return None
        # Prefer recent types a little, so the reference graph has depth.
        target = pool[min(len(pool) - 1, int(len(pool) * self.rng.random() ** 0.6))]
        base = snake(target["name"])
        shape = self.rng.choices(["plain", "option", "vec", "map"], [4, 3, 3, 1])[0]
        attrs = []
        if shape == "plain":
            name, ty = base, target["name"]
        elif shape == "option":
            name, ty = base, "Option<{}>".format(target["name"])
            if self.rng.random() < 0.5:
                attrs = [("default",), ("skip_if", "Option::is_none")]
        elif shape == "vec":
            name, ty = plural(base), "Vec<{}>".format(target["name"])
            if self.rng.random() < 0.4:
                attrs = [("default",), ("skip_if", "Vec::is_empty")]
        else:
            name, ty = "{}_by_key".format(base), "HashMap<String, {}>".format(target["name"])
        if name in taken:
            return None
        return (name, ty, attrs)

    def scalar_field(self, taken, renames_left):
        for _ in range(20):
            name, ty, can_default = self.rng.choice(SCALAR_FIELDS)
            if name not in taken:
                break
        else:
            return None
        attrs = []
        r = self.rng.random()
        if ty.startswith("Option<") and r < 0.5:
            attrs = [("default",), ("skip_if", "Option::is_none")]
        elif ty.startswith("Vec<") and r < 0.3:
            attrs = [("default",), ("skip_if", "Vec::is_empty")]
        elif can_default and r < 0.15:
            attrs = [("default",)]
        if renames_left[0] > 0 and self.rng.random() < 0.08:
            key = self.rng.choice(RENAMES)
            if key not in renames_left[1]:
                renames_left[1].add(key)
                renames_left[0] -= 1
                attrs = [("rename", key)] + attrs
        return (name, ty, attrs)

    def fields(self, lo, hi, refs_max):
        n = self.rng.randint(lo, hi)
        taken, out = set(), []
        renames_left = [2, set()]
        # Most records of a domain model carry an id.
        if n >= 4 and self.rng.random() < 0.6:
            taken.add("id")
            out.append(("id", "u64", []))
        n_refs = self.rng.randint(0, refs_max) if self.types else 0
        for _ in range(n_refs):
            f = self.reference_field(taken)
            if f:
                taken.add(f[0])
                out.append(f)
        while len(out) < n:
            f = self.scalar_field(taken, renames_left)
            if f is None:
                break
            taken.add(f[0])
            out.append(f)
        self.rng.shuffle(out)
        # `id` first when present, as people write it.
        out.sort(key=lambda f: f[0] != "id")
        return out

    def struct(self):
        name = self.fresh_name(STRUCT_SUFFIXES)
        attrs = []
        if self.rng.random() < 0.35:
            attrs.append(("rename_all", "camelCase"))
        # 3..15 fields, most between 5 and 9.
        hi = self.rng.choices([6, 9, 12, 15], [2, 4, 2, 1])[0]
        fields = self.fields(3, hi, 3)
        return {"kind": "struct", "name": name, "attrs": attrs, "fields": fields}

    def unit_enum(self):
        name = self.fresh_name(ENUM_SUFFIXES)
        attrs = [("rename_all", self.rng.choice(["snake_case", "SCREAMING_SNAKE_CASE", "lowercase"]))]
        variants = self.rng.sample(UNIT_VARIANTS, self.rng.randint(3, 8))
        return {"kind": "unit_enum", "name": name, "attrs": attrs,
                "variants": [(v, "unit", None, []) for v in variants]}

    def data_variants(self, internal):
        """Variants of a data enum: unit, newtype (of an earlier struct, or a plain
        value when external), struct variants; tuple variants only when external
        (internally tagged enums cannot have them, in serde as in codec)."""
        names = self.rng.sample(UNIT_VARIANTS, self.rng.randint(3, 6))
        structs = self.earlier({"struct"})
        out = []
        for v in names:
            # Now and then a variant keeps an older wire name.
            vattrs = [("rename", "legacy_" + snake(v))] if self.rng.random() < 0.1 else []
            shapes, weights = ["unit", "struct", "newtype"], [2, 5, 3]
            if not internal:
                shapes.append("tuple")
                weights.append(1)
            shape = self.rng.choices(shapes, weights)[0]
            if shape == "newtype":
                if internal or self.rng.random() < 0.7:
                    # Internally tagged newtype content must be an object: a struct.
                    if not structs:
                        shape = "struct"
                    else:
                        out.append((v, "newtype", self.rng.choice(structs)["name"], vattrs))
                        continue
                else:
                    out.append((v, "newtype", self.rng.choice(["String", "u64", "Vec<String>"]), vattrs))
                    continue
            if shape == "unit":
                out.append((v, "unit", None, vattrs))
            elif shape == "tuple":
                out.append((v, "tuple", ["u64", "String"][: self.rng.randint(1, 2)] + ["i64"], vattrs))
            else:
                out.append((v, "struct", self.fields(1, 5, 1), vattrs))
        return out

    def ext_enum(self):
        name = self.fresh_name(ENUM_SUFFIXES)
        attrs = []
        if self.rng.random() < 0.5:
            attrs.append(("rename_all", "snake_case"))
        return {"kind": "ext_enum", "name": name, "attrs": attrs,
                "variants": self.data_variants(False)}

    def int_enum(self):
        name = self.fresh_name(ENUM_SUFFIXES)
        attrs = [("tag", "type"), ("rename_all", "snake_case")]
        # No field is ever keyed "type" (RENAMES leaves it out), so the tag never collides.
        return {"kind": "int_enum", "name": name, "attrs": attrs, "variants": self.data_variants(True)}

    def generate(self, n):
        # About 83% structs, the rest enums split between unit-only, externally tagged
        # and internally tagged. The first few are leaf structs and unit enums so later
        # types have something to refer to.
        for i in range(n):
            if i < 3:
                kind = "struct"
            elif i == 3:
                kind = "unit_enum"
            else:
                kind = self.rng.choices(["struct", "unit_enum", "ext_enum", "int_enum"],
                                        [84, 7, 5, 4])[0]
            self.types.append(getattr(self, kind)())
        return self.types


# --- rendering --------------------------------------------------------------------------

def render_attr(a, crate):
    if a[0] == "default":
        return "default"
    if a[0] == "skip_if":
        key = "skip_encoding_if" if crate == "codec" else "skip_serializing_if"
        return '{} = "{}"'.format(key, a[1])
    return '{} = "{}"'.format(a[0], a[1])


def attr_line(attrs, crate, indent):
    if not attrs:
        return ""
    return "{}#[{}({})]\n".format(indent, crate, ", ".join(render_attr(a, crate) for a in attrs))


def render_fields(fields, crate, indent, vis="pub "):
    out = []
    for name, ty, attrs in fields:
        out.append(attr_line(attrs, crate, indent))
        out.append("{}{}{}: {},\n".format(indent, vis, name, ty))
    return "".join(out)


def render_type(t, crate):
    derive = "#[derive(Codec)]\n" if crate == "codec" else "#[derive(Serialize, Deserialize)]\n"
    head = derive + attr_line(t["attrs"], crate, "")
    if t["kind"] == "struct":
        return "{}pub struct {} {{\n{}}}\n".format(head, t["name"], render_fields(t["fields"], crate, "    "))
    body = []
    for vname, shape, payload, vattrs in t["variants"]:
        body.append(attr_line(vattrs, crate, "    "))
        if shape == "unit":
            body.append("    {},\n".format(vname))
        elif shape == "newtype":
            body.append("    {}({}),\n".format(vname, payload))
        elif shape == "tuple":
            body.append("    {}({}),\n".format(vname, ", ".join(payload)))
        else:
            body.append("    {} {{\n{}    }},\n".format(vname, render_fields(payload, crate, "        ", vis="")))
    return "{}pub enum {} {{\n{}}}\n".format(head, t["name"], "".join(body))


MODULES = ["accounts", "billing", "catalog", "shipping", "projects", "messaging", "devices",
           "staff", "travel", "insurance", "reports", "admin"]


def render_crate(types, crate, modules, used=None):
    """The crate's source files as {relative path: text}. The types are laid out in
    `modules` modules (src/<name>.rs), consecutive types together, as a real crate groups
    its models by domain; references cross modules through `use super::*` and the root's
    `pub use`. Besides realism this matters to the measurement: rustc partitions a crate
    into codegen units by module, so all types in one module would make one huge unit
    and serialize the optimizer in a release build."""
    if crate == "codec":
        imports = "use codec::Codec;\n"
        err = "codec::Error"
        to_vec, from_slice = "codec::json::to_vec", "codec::json::from_slice"
    else:
        imports = "use serde::{Deserialize, Serialize};\n"
        err = "serde_json::Error"
        to_vec, from_slice = "serde_json::to_vec", "serde_json::from_slice"

    used_names = {t["name"] for t in types[:len(types) if used is None else used]}

    def body(chunk):
        out = []
        for t in chunk:
            out.append("\n")
            out.append(render_type(t, crate))
        if "HashMap<" in "".join(out):
            out.insert(0, "use std::collections::HashMap;\n")
        out.append("\n// One round trip per type, so every derived impl is instantiated with the\n"
                   "// JSON backend, as in a real program.\n")
        for t in (t for t in chunk if t["name"] in used_names):
            out.append(
                "pub fn roundtrip_{fn}(v: &{ty}) -> Result<{ty}, {err}> {{\n"
                "    let bytes = {to_vec}(v)?;\n"
                "    {from_slice}(&bytes)\n"
                "}}\n".format(fn=snake(t["name"]), ty=t["name"], err=err, to_vec=to_vec,
                              from_slice=from_slice))
        return "".join(out)

    header = ("//! Generated by benches/compile/gen.py ({} model types in all) for the compile-time\n"
              "//! benchmark. Do not edit; rerun benches/compile/run.sh.\n".format(len(types)))
    modules = max(1, min(modules, len(types), len(MODULES)))
    if modules == 1:
        return {"lib.rs": header + "#![allow(clippy::all)]\n\n" + imports + body(types)}
    files, lib = {}, [header, "#![allow(clippy::all)]\n\n"]
    for i in range(modules):
        chunk = types[i * len(types) // modules:(i + 1) * len(types) // modules]
        name = MODULES[i]
        lib.append("mod {0};\npub use {0}::*;\n".format(name))
        files[name + ".rs"] = header + "#[allow(unused_imports)]\nuse super::*;\n" + imports + body(chunk)
    files["lib.rs"] = "".join(lib)
    return files


def write(path, text):
    os.makedirs(os.path.dirname(path), exist_ok=True)
    # Only rewrite on change: an unchanged file keeps its mtime, so cargo's fingerprints
    # of a previous run (and its built dependencies) stay valid.
    try:
        with open(path, encoding="utf-8") as f:
            if f.read() == text:
                return
    except FileNotFoundError:
        pass
    with open(path, "w", encoding="utf-8") as f:
        f.write(text)


def generate(args):
    types = Gen(args.seed).generate(args.types)
    codec_path = os.path.abspath(args.codec)
    # A workspace of its own: the scratch dir lives under the repository's target/, and
    # without a [workspace] here cargo would walk up to the repository's Cargo.toml and
    # refuse the crates as non-members. Custom profile `dev-noincr` is the dev profile
    # without incremental compilation, in its own output dir so that switching between
    # the two never invalidates the other's artifacts. `snapshots/` holds the codec
    # repositories that run.sh --rev extracts: excluded, or cargo would take those path
    # dependencies for members of this workspace.
    write(os.path.join(args.out, "Cargo.toml"),
          '[workspace]\nmembers = ["codec_models", "codec_mp_models", "serde_models"]\nexclude = ["snapshots"]\nresolver = "2"\n\n'
          '[profile.dev-noincr]\ninherits = "dev"\nincremental = false\n')
    # The models hold `HashMap`s, whose impls need codec's `std` feature (default since it
    # exists); a revision from before it (`run.sh --rev`) has no feature of that name.
    with open(os.path.join(codec_path, "Cargo.toml")) as f:
        has_std = any(line.startswith("std = ") for line in f)
    json_only = 'default-features = false, features = ["std"]' if has_std else "default-features = false"
    deps = {
        "codec": 'codec = {{ path = "{}", {} }}\n'.format(codec_path.replace("\\", "/"), json_only),
        "codec_mp": 'codec = {{ path = "{}" }}\n'.format(codec_path.replace("\\", "/")),
        "serde": 'serde = { version = "1.0", features = ["derive"] }\nserde_json = "1.0"\n',
    }
    for crate in CRATES:
        d = os.path.join(args.out, "{}_models".format(crate))
        write(os.path.join(d, "Cargo.toml"),
              '[package]\nname = "{}_models"\nversion = "0.0.0"\nedition = "2021"\npublish = false\n\n'
              "[dependencies]\n{}".format(crate, deps[crate]))
        files = render_crate(types, flavor(crate), args.modules, args.used)
        for name, text in files.items():
            write(os.path.join(d, "src", name), text)
        # Files of an earlier run with another --modules would not be compiled (no `mod`
        # names them), but remove them so the directory shows what is built.
        for name in os.listdir(os.path.join(d, "src")):
            if name not in files:
                os.remove(os.path.join(d, "src", name))
    kinds = {}
    for t in types:
        kinds[t["kind"]] = kinds.get(t["kind"], 0) + 1
    nfields = [len(t["fields"]) for t in types if t["kind"] == "struct"]
    print("generated {} types (seed {}): {} structs ({}-{} fields, {:.1f} on average), "
          "{} unit enums, {} externally tagged enums, {} internally tagged enums".format(
              len(types), args.seed, kinds.get("struct", 0), min(nfields), max(nfields),
              sum(nfields) / len(nfields), kinds.get("unit_enum", 0),
              kinds.get("ext_enum", 0), kinds.get("int_enum", 0)))


# --- table ------------------------------------------------------------------------------

def table(args):
    wall, cpu = {}, {}
    with open(args.times, encoding="utf-8") as f:
        for line in f:
            if not line.strip():
                continue
            crate, profile, _rep, w, c = line.split("\t")
            wall.setdefault((crate, profile), []).append(float(w))
            cpu.setdefault((crate, profile), []).append(float(c))
    expanded = {}
    if args.expanded and os.path.exists(args.expanded):
        with open(args.expanded, encoding="utf-8") as f:
            for line in f:
                if line.strip():
                    crate, lines = line.split("\t")
                    expanded[crate] = int(lines)

    def ratio(d, crate, profile):
        a, b = d.get((crate, profile)), d.get(("serde", profile))
        if a and b and crate != "serde":
            return "{:.2f}".format(statistics.median(a) / statistics.median(b))
        return ""

    out = ["| crate | profile | median s | min s | CPU median s | reps | x/serde (median) | x/serde (CPU) |",
           "|---|---|---:|---:|---:|---:|---:|---:|"]
    for profile in PROFILES:
        for crate in CRATES:
            ws, cs = wall.get((crate, profile)), cpu.get((crate, profile))
            if not ws:
                continue
            out.append("| {}_models | {} | {:.2f} | {:.2f} | {:.2f} | {} | {} | {} |".format(
                crate, PROFILE_LABEL[profile], statistics.median(ws), min(ws), statistics.median(cs),
                len(ws), ratio(wall, crate, profile), ratio(cpu, crate, profile)))
    if expanded:
        out.append("")
        out.append("| crate | lines of `-Zunpretty=expanded` | x/serde |")
        out.append("|---|---:|---:|")
        for crate in CRATES:
            if crate in expanded:
                r = ""
                if crate != "serde" and expanded.get("serde"):
                    r = "{:.2f}".format(expanded[crate] / expanded["serde"])
                out.append("| {}_models | {} | {} |".format(crate, expanded[crate], r))
    print("\n".join(out))


def main():
    p = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    sub = p.add_subparsers(dest="cmd", required=True)
    g = sub.add_parser("generate")
    g.add_argument("--out", required=True)
    g.add_argument("--codec", required=True, help="path to the codec crate")
    g.add_argument("--types", type=int, default=120)
    g.add_argument("--seed", type=int, default=20240601)
    g.add_argument("--used", type=int, default=None,
                   help="only the first USED types get a round-trip function (default: all)")
    g.add_argument("--modules", type=int, default=8,
                   help="modules the types are spread over (1: everything in lib.rs)")
    t = sub.add_parser("table")
    t.add_argument("times")
    t.add_argument("--expanded")
    args = p.parse_args()
    if args.cmd == "generate":
        if args.types < 4:
            sys.exit("--types must be at least 4")
        generate(args)
    else:
        table(args)


if __name__ == "__main__":
    main()
