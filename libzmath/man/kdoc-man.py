#!/usr/bin/env python3
# SPDX-License-Identifier: GPL-2.0-only OR MIT
"""Write libzmath's section 3 man pages from the kernel-doc comments.

kernel-doc -man writes one section 9 page per function, with the kernel's
types. This merges them into one page per group of functions, as a user
of <zmath.h> reads them: section 3, the library's name and version,
uint64_t for u64, the prototypes in one SYNOPSIS, a RETURN VALUE per
function and which functions are in libzmath.so (libzmath.map) and which
are inline. The overview, libzmath(3), is OVERVIEW with the list of the
pages put in at @PAGES@ and the exports at @EXPORTS@. A documented
function in no page, or a page's name that is not documented, fails: the
pages cannot leave one out.

    kdoc-man.py LINUX_SCRIPTS DIR VERSION MAP OVERVIEW OUTDIR SOURCE... \\
        -- PAGE:PURPOSE:NAME,NAME... ...

LINUX_SCRIPTS is scripts/linux-scripts.sh, which extracts kernel-doc into
DIR (once).
"""
import os
import re
import subprocess
import sys
import time

TYPES = {'u64': 'uint64_t', 'u32': 'uint32_t'}


def c_type(text):
    return re.sub(r'\b(u64|u32)\b', lambda m: TYPES[m.group(1)], text)


def text(lines):
    """kernel-doc's text as man source: paragraphs, bullets, name()."""
    out = []
    for line in lines:
        if not line:
            line = '.PP'
        elif line.startswith('- '):
            out.append(r'.IP \(bu 2')
            line = line[2:]
        line = re.sub(r'(\\fB\w+\\fP)(?!\()', r'\1()', line)
        out.append(re.sub(r'(?<![\w\\])-(?=[A-Z0-9])', r'\\-', line))
    while out and out[-1] == '.PP':
        out.pop()
    return out


def parse(kdoc):
    """kernel-doc -man output -> {name: entry} of each documented item."""
    items = {}
    for page in re.split(r'^\.TH .*\n', kdoc, flags=re.M)[1:]:
        parts = re.split(r'^\.SH "?([^"\n]*)"?\n', page, flags=re.M)
        sec = dict(zip(parts[1::2], (p.rstrip('\n').split('\n')
                                    for p in parts[2::2])))
        name, purpose = sec['NAME'][0].split(r' \- ', 1)
        args = sec.get('ARGUMENTS', sec.get('Members', []))
        item = {'purpose': purpose,
                'args': re.findall(r'^\.IP "(\w+)" 12\n(.*?)(?=^\.IP|\Z)',
                                   '\n'.join(args) + '\n', re.M | re.S),
                'desc': sec.get('DESCRIPTION', sec.get('Description', [])),
                'return': sec.get('RETURN', [])}
        syn = sec['SYNOPSIS']
        if name.startswith('struct '):
            item['synopsis'] = [f'.B "{name} {{"'] + [
                f'.B "    {c_type(m)}"' for line in syn
                for m in re.findall(r'^\.BI "\s*(.+;)"$', line)] + ['.B "};"']
        else:
            ret = re.match(r'\.B "(.*)" ', syn[0]).group(1)
            params = [re.match(r'\.BI "\(?(.*?)\s*" ', p).group(1)
                      for p in syn[1:]]
            # .BI alternates bold and italic: the types and the names
            bold, words = f'{c_type(ret)} {name}(', []
            for i, p in enumerate(params):
                typ, arg = re.match(r'(.*?)(\w+)$', p).groups()
                words += [f'"{bold}{", " if i else ""}{c_type(typ)}"', arg]
                bold = ''
            bold += '' if params else 'void'
            item['synopsis'] = ['.BI ' + ' '.join(words + [f'"{bold});"'])]
        items[name] = item
    return items


def header(page, version):
    date = time.strftime('%Y-%m-%d', time.gmtime(
        int(os.environ.get('SOURCE_DATE_EPOCH', time.time()))))
    return [f'.TH {page} 3 {date} "libzmath {version}" '
            '"Library Functions Manual"']


def group_page(page, purpose, names, items, exported, version, see_also):
    funcs = [n for n in names if not n.startswith('struct ')]
    out = header(page, version) + [
        '.SH NAME', ', '.join(funcs) + r' \- ' + purpose,
        '.SH LIBRARY', 'Zone math library', r'.RI ( libzmath ", " \-lzmath )',
        '.SH SYNOPSIS', '.nf', '.B #include <zmath.h>']
    for n in names:
        out += ['.PP'] + items[n]['synopsis']
    out += ['.fi', '.SH DESCRIPTION']
    for n in names:
        item = items[n]
        out += ['.SS ' + (f'"{n}"' if n.startswith('struct ') else n + '()'),
                item['purpose'][0].upper() + item['purpose'][1:] + '.']
        for arg, desc in item['args']:
            out += ['.TP', '.I ' + arg] + text(desc.strip().split('\n'))
        if item['desc']:
            out += ['.PP'] + text(item['desc'])
    out += ['.SH RETURN VALUE']
    for n in funcs:
        out += ['.TP', f'.BR {n} ()'] + text(items[n]['return'])
    lib = [f'.BR {n} ()' for n in funcs if n in exported]
    inline = len(lib) < len(funcs)
    out += ['.SH NOTES'] + [s + ',' for s in lib[:-1]] + lib[-1:]
    if lib:
        out += ['is a function of' if len(lib) == 1 else 'are functions of',
                '.IR libzmath.so.0 ' + (';' if inline else '.')]
    if inline:
        out += [('the others are' if lib else 'These functions are') +
                ' inline in', '.IR <zmath.h> :',
                'compiled into the program, they have no symbol in the',
                'library.']
    out += ['.I <linux/zmath.h>',
            'declares the same, with the kernel\'s types',
            '.RI ( u64 " for " uint64_t ).',
            '.SH SEE ALSO']
    return out + [s + ',' for s in see_also[:-1]] + see_also[-1:]


def main():
    sep = sys.argv.index('--')
    linux_scripts, scripts, version, map_file, overview, outdir, *sources = \
        sys.argv[1:sep]
    pages = [p.split(':', 2) for p in sys.argv[sep + 1:]]
    subprocess.run([linux_scripts, scripts], check=True)
    kdoc = subprocess.run([os.path.join(scripts, 'scripts', 'kernel-doc'),
                           '-man'] + sources,
                          check=True, capture_output=True, text=True)
    if kdoc.stderr:
        sys.exit(f'kernel-doc: {kdoc.stderr}')
    items = parse(kdoc.stdout)
    with open(map_file, encoding='utf-8') as f:
        exported = re.findall(r'^\s*([A-Za-z_]\w*);', f.read(), re.M)
    listed = [n for _, _, names in pages for n in names.split(',')]
    errors = [f'{what}: {", ".join(sorted(names))}' for what, names in (
        ('documented, in no page', set(items) - set(listed)),
        ('exported, not documented', set(exported) - set(items)),
        ('in a page, not documented', set(listed) - set(items)),
        ('in two pages', {n for n in listed if listed.count(n) > 1})) if names]
    if errors:
        sys.exit('kdoc-man.py: ' + '; '.join(errors))

    for page, purpose, names in pages:
        see_also = ['.BR libzmath (3)'] + [f'.BR {p} (3)'
                                           for p, _, _ in pages if p != page]
        out = group_page(page, purpose, names.split(','), items, exported,
                         version, see_also)
        with open(os.path.join(outdir, page + '.3'), 'w',
                  encoding='utf-8') as f:
            f.write('\n'.join(out) + '\n')

    entries = []
    for page, purpose, _ in pages:
        entries += ['.TP', f'.BR {page} (3)', purpose]
    with open(overview, encoding='utf-8') as f:
        body = f.read().replace('@PAGES@', '\n'.join(entries)).replace(
            '@EXPORTS@', ',\n'.join(f'.BR {n} ()' for n in exported))
    with open(os.path.join(outdir, 'libzmath.3'), 'w',
              encoding='utf-8') as f:
        f.write('\n'.join(header('libzmath', version)) + '\n' + body)


if __name__ == '__main__':
    main()
