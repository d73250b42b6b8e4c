#!/usr/bin/env python3
"""Writes the Debian copyright file (machine-readable, DEP-5) of the herald binary.

    debian_copyright.py <link-file-list> <checkouts-folder> <own-sources-folder> <output>

Herald's release binary links Swift packages and Swift's own runtime statically, so their licences
travel with it. The Swift packages are found, not listed by hand: a package is named when one of
the modules in the binary's link list (SwiftPM's Objects.LinkFileList) is one of its targets, and
its LICENSE and NOTICE files are copied in whole. A linked module that is neither Herald's own
nor any package's stops the script, so that no licence is left out unnoticed. The shared libraries herald uses at run time
(libcmark, libvips, ...) are not here: they are Debian's own packages, with their own copyright
files.
"""
import pathlib
import re
import sys

COMMON = "/usr/share/common-licenses"


def linked_modules(link_file_list: pathlib.Path) -> set[str]:
    """Module names whose objects are in the link, from paths such as …/NIOCore.build/x.swift.o."""
    modules = set()
    for line in link_file_list.read_text().splitlines():
        match = re.search(r"/([^/]+)\.build/", line.strip().strip("'\""))
        if match:
            modules.add(match.group(1))
    return modules


def package_targets(package: pathlib.Path) -> set[str]:
    """The target names a package has: its Sources/ folders and the names its manifests declare."""
    names = {folder.name for folder in (package / "Sources").glob("*") if folder.is_dir()}
    for manifest in package.glob("Package*.swift"):
        names.update(re.findall(r'\.(?:target|executableTarget|systemLibrary)\(\s*name:\s*"([^"]+)"', manifest.read_text()))
    return names


def licence_of(text: str) -> str:
    """A DEP-5 short name for the licence a LICENSE file holds."""
    if "Apache License" in text and "Version 2.0" in text:
        return "Apache-2.0"
    if "Permission is hereby granted, free of charge" in text:
        return "Expat"
    if "Redistribution and use in source and binary forms" in text:
        return "BSD-3-clause" if "Neither the name" in text else "BSD-2-clause"
    return "other"


def indented(text: str) -> str:
    """A licence text as a DEP-5 continuation: every line indented, empty lines as ' .'."""
    lines = [" " + line.rstrip() if line.strip() else " ." for line in text.strip().splitlines()]
    return "\n".join(line for i, line in enumerate(lines) if not (line == " ." and i and lines[i - 1] == " ."))


def main() -> None:
    link_list, checkouts, own_sources, output = (pathlib.Path(arg) for arg in sys.argv[1:5])
    modules = linked_modules(link_list) - {folder.name for folder in own_sources.iterdir()}
    packages = [p for p in sorted(checkouts.iterdir(), key=lambda p: p.name.lower()) if p.is_dir()]
    unowned = modules - set().union(*(package_targets(p) for p in packages))
    if unowned:
        sys.exit(f"{link_list}: linked modules of no known package: {', '.join(sorted(unowned))}")
    stanzas = [
        "Format: https://www.debian.org/doc/packaging-manuals/copyright-format/1.0/\n"
        "Upstream-Name: herald\n"
        "Comment: herald is linked statically with Swift's runtime and Foundation and with the\n"
        " Swift packages below; their licences follow. The shared libraries it uses at run time\n"
        " come from Debian's packages, whose copyright files name their own licences.",
        "Files: *\nCopyright: The Herald developers\nLicense: Apache-2.0\n"
        f" On Debian systems the full text is in {COMMON}/Apache-2.0.",
        "Files: Swift runtime, standard library, Foundation and Dispatch (linked statically)\n"
        "Copyright: Apple Inc. and the Swift project authors\n"
        "License: Apache-2.0 with Runtime Library Exception\n"
        " As an exception, if you use this Software to compile your source code and portions\n"
        " of this Software are embedded into the binary product as a result, you may\n"
        " redistribute such product without providing attribution as would otherwise be\n"
        " required by Sections 4(a), 4(b) and 4(d) of the License.\n"
        " .\n"
        f" On Debian systems the text of the Apache License 2.0 is in {COMMON}/Apache-2.0.",
        "Files: ICU data and code inside Foundation (swift-foundation-icu, linked statically)\n"
        "Copyright: 1991 and later Unicode, Inc. and others\n"
        "License: Unicode-3.0\n"
        " The Unicode License v3: https://www.unicode.org/license.txt",
    ]
    named = []
    for package in packages:
        if not (package_targets(package) & modules):
            continue
        licence_files = sorted(p for p in package.iterdir() if re.match(r"(LICEN[SC]E|COPYING)(\.txt|\.md)?$", p.name, re.I))
        if not licence_files:
            sys.exit(f"{package}: a linked package without a LICENSE file; its licence must be named")
        text = licence_files[0].read_text()
        licence = licence_of(text)
        stanza = f"Files: {package.name} (Swift package, linked statically)\nCopyright: the {package.name} authors\n"
        if licence == "Apache-2.0":
            stanza += f"License: Apache-2.0\n On Debian systems the full text is in {COMMON}/Apache-2.0."
            # What follows the licence's own appendix (Swift's Runtime Library Exception) is kept.
            extra = text.split("limitations under the License.", 1)[-1].strip() if "limitations under the License." in text else ""
            if extra:
                stanza += f"\n .\n{indented(extra)}"
        else:
            stanza += f"License: {licence}\n{indented(text)}"
        notice = next((p for p in package.iterdir() if re.match(r"NOTICE(\.txt|\.md)?$", p.name, re.I)), None)
        if notice:
            stanza += f"\n .\n NOTICE:\n .\n{indented(notice.read_text())}"
        stanzas.append(stanza)
        named.append(package.name)
        # A vendored C library inside a linked module keeps its own licence (swift-nio's llhttp).
        for module in sorted(package_targets(package) & modules):
            for vendored in sorted((package / "Sources" / module).glob("LICEN[SC]E*")):
                text = vendored.read_text()
                stanzas.append(
                    f"Files: {package.name}/Sources/{module} (vendored C code, linked statically)\n"
                    f"Copyright: the authors named below\nLicense: {licence_of(text)}\n{indented(text)}")
    if not named:
        sys.exit(f"{link_list}: no Swift package found in the link list; is it herald's?")
    pathlib.Path(output).write_text("\n\n".join(stanzas) + "\n")


if __name__ == "__main__":
    main()
