/** `lbcheck list`: the families (with their parameters and views) and claims of the registry, built-in and --file ones. */
import { Command } from 'commander';
import type { ParamSpec } from '../core/params.ts';
import { BUILT_IN, type AnyFamily, type Registry } from '../registry/registry.ts';
import { renderTable } from '../report/table.ts';
import { addFileOption } from './files.ts';
import { printJson } from './output.ts';

interface ListFlags {
  json?: boolean;
  builtins: boolean;
}

const VIEWS = ['truncation', 'productForm', 'fluid', 'simulator'] as const;

function paramJson(name: string, spec: ParamSpec<unknown>) {
  return { name, kind: spec.kind, help: spec.help, default: spec.defaultText ?? null, required: !spec.optional && spec.defaultText === undefined };
}

/** The views a family offers besides its CTMC. */
function viewsOf(f: AnyFamily): string[] {
  return ['ctmc', ...VIEWS.filter((v) => f[v] !== undefined)];
}

/** "--N <int>, --lambda <rational>, [--K <int>]" (optional ones bracketed). */
function paramLine(f: AnyFamily): string {
  return Object.entries(f.params)
    .map(([name, spec]) => {
      const text = `--${name} <${spec.kind}>`;
      return spec.optional || spec.defaultText !== undefined ? `[${text}]` : text;
    })
    .join(' ');
}

export function listCommand(registry: Registry): Command {
  return addFileOption(new Command('list'))
    .description('list the families (with their parameters) and the claims (with source and expected verdict)')
    .option('--no-builtins', 'only what the --file modules declare')
    .option('--json', 'print one JSON document {"families":[...],"claims":[...]}')
    .action((opts: ListFlags) => {
      const families = registry.families.filter((e) => opts.builtins || e.origin !== BUILT_IN);
      const claims = registry.claims.filter((e) => opts.builtins || e.origin !== BUILT_IN);
      if (opts.json) {
        printJson({
          families: families.map(({ family: f, origin }) => ({
            id: f.id,
            title: f.title,
            origin,
            views: viewsOf(f),
            params: Object.entries(f.params).map(([n, s]) => paramJson(n, s)),
          })),
          claims: claims.map(({ claim: c, origin }) => ({ id: c.id, claim: c.claim, source: c.source, method: c.method, expected: c.expected, origin })),
        });
        return;
      }
      console.log(`${families.length} families`);
      console.log(
        renderTable(
          ['family', 'parameters', 'views', 'from'],
          families.map(({ family: f, origin }) => [`${f.id}\n${f.title}`, paramLine(f), viewsOf(f).join(', '), origin]),
          [40, 36, 20, 30],
        ),
      );
      console.log(`\n${claims.length} claims`);
      console.log(
        renderTable(
          ['claim', 'expected', 'source', 'from'],
          claims.map(({ claim: c, origin }) => [`${c.id}\n${c.claim}`, c.expected, c.source, origin]),
          [56, 10, 28, 30],
        ),
      );
    });
}
