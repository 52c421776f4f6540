#!/usr/bin/env python3
"""same_stats.py REFERENCE_DIR OUT_DIR [--ignore DOTTED.KEY]... -- COMMAND...

Runs COMMAND (a `warpsim run ... --out OUT_DIR`), which must exit 0, then checks that
OUT_DIR/stats.json is REFERENCE_DIR/stats.json to the byte once both have lost their `sim`
section (wall time, speed, memory: the only fields that differ between identical runs) and each
--ignore key (e.g. config.sm.check_memo, the switch that differs between the two runs). Used to
show that a checking mode leaves every simulated number as it was."""
import json
import subprocess
import sys


def load(path, ignored):
    with open(path) as f:
        doc = json.load(f)
    doc.pop("sim", None)
    for key in ignored:
        *parents, last = key.split(".")
        node = doc
        for p in parents:
            node = node.get(p, {})
        node.pop(last, None)
    return json.dumps(doc, indent=1)


def main(argv):
    if "--" not in argv or argv.index("--") < 2:
        sys.exit(__doc__)
    split = argv.index("--")
    reference, out, *options = argv[:split]
    if len(options) % 2 or any(o != "--ignore" for o in options[::2]):
        sys.exit(__doc__)
    ignored = options[1::2]
    status = subprocess.call(argv[split + 1:])
    if status != 0:
        print(f"same_stats.py: the command exited {status}", file=sys.stderr)
        return 1
    expected = load(f"{reference}/stats.json", ignored)
    got = load(f"{out}/stats.json", ignored)
    if expected != got:
        for i, (a, b) in enumerate(zip(expected.splitlines(), got.splitlines())):
            if a != b:
                print(f"same_stats.py: first difference at line {i + 1}:\n  {reference}: {a}\n"
                      f"  {out}: {b}", file=sys.stderr)
                break
        else:
            print("same_stats.py: one document is a prefix of the other", file=sys.stderr)
        return 1
    print(f"same_stats.py: {out}/stats.json matches {reference}/stats.json")
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
