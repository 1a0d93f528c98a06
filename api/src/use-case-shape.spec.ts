import {
  mkdirSync,
  mkdtempSync,
  readdirSync,
  readFileSync,
  rmSync,
  statSync,
  writeFileSync,
} from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join, relative, sep } from 'node:path';

/**
 * The shape every use case of the API has (CONVENTIONS.md "Shape"), checked over `src`:
 *
 * 1. Every entry of `<module>/commands/` and `<module>/queries/` is a folder named in kebab case;
 *    a loose file there (`users/queries/get-me.query.ts`) breaks the rule.
 * 2. A folder `<name>` under `commands/` holds `<name>.command.ts` and `<name>.handler.ts`; under
 *    `queries/`, `<name>.query.ts` and `<name>.handler.ts`. Besides those it may hold `*.spec.ts`
 *    files and the helper modules named in {@link HELPERS}, and nothing else: no subfolder, no
 *    `.request.dto.ts` (a body schema lives in the command file), no `.service.ts`.
 * 3. The message file (`.command.ts`/`.query.ts`) declares a class extending `Command<…>` or
 *    `Query<…>` (the folder's kind) and no handler (no `@CommandHandler`/`@QueryHandler`/
 *    `@EventsHandler`, no `implements ICommandHandler`/`IQueryHandler`).
 * 4. The handler file declares the handler: `@CommandHandler(` in a command folder,
 *    `@QueryHandler(` in a query folder.
 * 5. No file of a use-case folder touches the database itself (imports `typeorm`, calls
 *    `.query(`, `getRepository`, `createQueryBuilder`): each module's SQL is in its store.
 * 6. Elsewhere in `src`, no `*.command.ts`, `*.query.ts` or `*.request.dto.ts` exists, a
 *    `*.handler.ts` exists only in a module's `events/` folder (event handlers), and no file but
 *    a use case's handler file declares `@CommandHandler(` or `@QueryHandler(`.
 * 7. A helper in {@link HELPERS} exists, and is pure: it imports nothing from `@nestjs/*` or
 *    `typeorm`.
 */
const HELPERS: readonly string[] = ['academy/commands/record-quiz-result/grade-quiz.ts'];

const KINDS = { commands: 'command', queries: 'query' } as const;
type Folder = keyof typeof KINDS;

const KEBAB = /^[a-z][a-z0-9]*(-[a-z0-9]+)*$/;
const HANDLER_IN_MESSAGE =
  /@(CommandHandler|QueryHandler|EventsHandler)\(|implements\s+I(Command|Query)Handler\b/;
const TOUCHES_DATABASE = /from 'typeorm'|\.query\s*[<(]|getRepository\s*\(|createQueryBuilder\s*\(/;
const BUS_HANDLER = /@(CommandHandler|QueryHandler)\(/;

/** Every file under `dir`, as paths relative to `root` with `/` separators. */
function filesUnder(root: string, dir = root): string[] {
  return readdirSync(dir).flatMap((entry) => {
    const path = join(dir, entry);
    return statSync(path).isDirectory()
      ? filesUnder(root, path)
      : [relative(root, path).split(sep).join('/')];
  });
}

/** What in `srcRoot` breaks the use-case shape, one line each; empty when nothing does. */
export function shapeProblems(srcRoot: string, helpers: readonly string[] = HELPERS): string[] {
  const problems: string[] = [];
  const read = (path: string) => readFileSync(join(srcRoot, path), 'utf8');
  const useCaseFiles = new Set<string>();

  for (const module of readdirSync(srcRoot)) {
    for (const folder of Object.keys(KINDS) as Folder[]) {
      const base = join(srcRoot, module, folder);
      if (!statSync(join(srcRoot, module)).isDirectory() || !exists(base)) {
        continue;
      }
      const kind = KINDS[folder];
      for (const name of readdirSync(base)) {
        const at = `${module}/${folder}/${name}`;
        if (!statSync(join(base, name)).isDirectory()) {
          problems.push(`${at}: a file outside a use-case folder`);
          useCaseFiles.add(at);
          continue;
        }
        if (!KEBAB.test(name)) {
          problems.push(`${at}: folder name is not kebab-case`);
        }
        const message = `${name}.${kind}.ts`;
        const handler = `${name}.handler.ts`;
        const entries = readdirSync(join(base, name));
        for (const entry of entries) {
          const path = `${at}/${entry}`;
          useCaseFiles.add(path);
          if (statSync(join(base, name, entry)).isDirectory()) {
            problems.push(`${path}: a subfolder in a use-case folder`);
          } else if (
            entry !== message &&
            entry !== handler &&
            !entry.endsWith('.spec.ts') &&
            !helpers.includes(path)
          ) {
            problems.push(`${path}: not allowed in a use-case folder`);
          } else if (TOUCHES_DATABASE.test(read(path))) {
            problems.push(`${path}: touches the database (SQL belongs in the module's store)`);
          }
        }
        if (!entries.includes(message)) {
          problems.push(`${at}: missing ${message}`);
        } else {
          const text = read(`${at}/${message}`);
          if (HANDLER_IN_MESSAGE.test(text)) {
            problems.push(`${at}/${message}: declares a handler (it belongs in ${handler})`);
          }
          const base = kind === 'command' ? 'Command' : 'Query';
          if (!new RegExp(`class \\w+ extends ${base}<`).test(text)) {
            problems.push(`${at}/${message}: declares no class extending ${base}<…>`);
          }
        }
        if (!entries.includes(handler)) {
          problems.push(`${at}: missing ${handler}`);
        } else if (
          !read(`${at}/${handler}`).includes(`@${kind === 'command' ? 'Command' : 'Query'}Handler(`)
        ) {
          problems.push(
            `${at}/${handler}: declares no @${kind === 'command' ? 'Command' : 'Query'}Handler`,
          );
        }
      }
    }
  }

  for (const path of filesUnder(srcRoot)) {
    if (useCaseFiles.has(path) || path.endsWith('.spec.ts') || !path.endsWith('.ts')) {
      continue;
    }
    if (/\.(command|query|request\.dto)\.ts$/.test(path)) {
      problems.push(`${path}: outside a use-case folder`);
    } else if (path.endsWith('.handler.ts') && !/^[^/]+\/events\/[^/]+$/.test(path)) {
      problems.push(`${path}: a handler outside a use-case folder or a module's events/`);
    } else if (BUS_HANDLER.test(read(path))) {
      problems.push(`${path}: declares a bus handler outside a use case's .handler.ts`);
    }
  }

  for (const helper of helpers) {
    if (!exists(join(srcRoot, helper))) {
      problems.push(`${helper}: listed as a helper but missing`);
    } else if (/from '(@nestjs\/[^']*|typeorm)'/.test(read(helper))) {
      problems.push(`${helper}: a helper must be pure (no @nestjs or typeorm imports)`);
    }
  }
  return problems;
}

function exists(path: string): boolean {
  try {
    statSync(path);
    return true;
  } catch {
    return false;
  }
}

describe('the use-case shape', () => {
  it('holds for every command and query folder of the API', () => {
    expect(shapeProblems(__dirname)).toEqual([]);
  });

  describe(shapeProblems.name, () => {
    let root: string;
    const write = (path: string, text: string) => {
      mkdirSync(dirname(join(root, path)), { recursive: true });
      writeFileSync(join(root, path), text);
    };
    const command = (name: string) =>
      `import { Command } from '@nestjs/cqrs';\nexport class ${name} extends Command<void> {}\n`;
    const handler = (name: string) => `@CommandHandler(${name})\nexport class ${name}Handler {}\n`;

    beforeEach(() => {
      root = mkdtempSync(join(tmpdir(), 'use-case-shape-'));
      write('shop/commands/buy-item/buy-item.command.ts', command('BuyItemCommand'));
      write('shop/commands/buy-item/buy-item.handler.ts', handler('BuyItemCommand'));
      write('shop/commands/buy-item/buy-item.spec.ts', '');
      write('shop/commands/buy-item/price.ts', 'export const price = 1;\n');
      write(
        'shop/queries/list-items/list-items.query.ts',
        `import { Query } from '@nestjs/cqrs';\nexport class ListItemsQuery extends Query<string[]> {}\n`,
      );
      write('shop/queries/list-items/list-items.handler.ts', '@QueryHandler(ListItemsQuery)\n');
      write('shop/events/notify-buyer.handler.ts', '@EventsHandler(ItemBought)\n');
      write('shop/shop.store.ts', `this.dataSource.query('SELECT 1');\n`);
    });
    afterEach(() => rmSync(root, { recursive: true, force: true }));

    const helpers = ['shop/commands/buy-item/price.ts'];

    it('passes a well-shaped module', () => {
      expect(shapeProblems(root, helpers)).toEqual([]);
    });

    it('names a folder without its handler file', () => {
      rmSync(join(root, 'shop/commands/buy-item/buy-item.handler.ts'));
      expect(shapeProblems(root, helpers)).toEqual([
        'shop/commands/buy-item: missing buy-item.handler.ts',
      ]);
    });

    it('names a handler declared in the message file', () => {
      write(
        'shop/commands/buy-item/buy-item.command.ts',
        command('BuyItemCommand') + handler('BuyItemCommand'),
      );
      expect(shapeProblems(root, helpers)).toEqual([
        'shop/commands/buy-item/buy-item.command.ts: declares a handler (it belongs in buy-item.handler.ts)',
      ]);
    });

    it('names stray files, unlisted helpers and subfolders', () => {
      write('shop/commands/buy-item/buy-item.request.dto.ts', 'export const body = 1;\n');
      write('shop/queries/list-items/list-items.service.ts', '');
      write('shop/queries/list-items/parts/part.ts', '');
      expect(shapeProblems(root, []).sort()).toEqual([
        'shop/commands/buy-item/buy-item.request.dto.ts: not allowed in a use-case folder',
        'shop/commands/buy-item/price.ts: not allowed in a use-case folder',
        'shop/queries/list-items/list-items.service.ts: not allowed in a use-case folder',
        'shop/queries/list-items/parts: a subfolder in a use-case folder',
      ]);
    });

    it('names a message or handler file outside a use-case folder', () => {
      write(
        'shop/queries/get-item.query.ts',
        'export class GetItemQuery extends Query<string> {}\n',
      );
      write('shop/get-price.query.ts', '');
      write('shop/pricing.handler.ts', '');
      write('shop/pricing.ts', '@QueryHandler(GetPriceQuery)\n');
      expect(shapeProblems(root, helpers).sort()).toEqual([
        'shop/get-price.query.ts: outside a use-case folder',
        "shop/pricing.handler.ts: a handler outside a use-case folder or a module's events/",
        "shop/pricing.ts: declares a bus handler outside a use case's .handler.ts",
        'shop/queries/get-item.query.ts: a file outside a use-case folder',
      ]);
    });

    it('names SQL in a use-case folder', () => {
      write(
        'shop/commands/buy-item/buy-item.handler.ts',
        handler('BuyItemCommand') + `await this.dataSource.query('DELETE FROM app.items');\n`,
      );
      expect(shapeProblems(root, helpers)).toEqual([
        "shop/commands/buy-item/buy-item.handler.ts: touches the database (SQL belongs in the module's store)",
      ]);
    });

    it('names a message of the wrong kind and a handler of the wrong kind', () => {
      write(
        'shop/queries/list-items/list-items.query.ts',
        'export class ListItemsQuery extends Command<void> {}\n',
      );
      write('shop/queries/list-items/list-items.handler.ts', handler('ListItemsQuery'));
      expect(shapeProblems(root, helpers)).toEqual([
        'shop/queries/list-items/list-items.query.ts: declares no class extending Query<…>',
        'shop/queries/list-items/list-items.handler.ts: declares no @QueryHandler',
      ]);
    });

    it('names a missing or impure helper', () => {
      write('shop/commands/buy-item/price.ts', "import { Injectable } from '@nestjs/common';\n");
      expect(shapeProblems(root, [...helpers, 'shop/commands/buy-item/gone.ts'])).toEqual([
        'shop/commands/buy-item/price.ts: a helper must be pure (no @nestjs or typeorm imports)',
        'shop/commands/buy-item/gone.ts: listed as a helper but missing',
      ]);
    });
  });
});
