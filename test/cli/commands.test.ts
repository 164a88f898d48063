/** The lazily loaded command table: each entry builds the command it is named for, and argv picks what loads. */
import { describe, expect, it } from 'vitest';
import { builtinRegistry } from '../../src/registry/builtins.ts';
import { COMMANDS, commandsFor, needsOf, type CommandName } from '../../src/cli/commands.ts';
import { expectUsageError, lbcheck } from '../support/cli.ts';

const ALL = Object.keys(COMMANDS) as CommandName[];

describe('the command table', () => {
  it.each(ALL)('%s builds the command of that name, with --file exactly when it reads the registry', async (name) => {
    const cmd = await COMMANDS[name].build(builtinRegistry(), () => {});
    expect(cmd.name()).toBe(name);
    expect(cmd.options.some((o) => o.long === '--file')).toBe(COMMANDS[name].needs !== 'nothing');
  });

  it('argv naming a command loads that one, and its needs alone', () => {
    expect(commandsFor(['solve', 'jsq-d', '--N', '4'])).toEqual(['solve']);
    expect(commandsFor(['help', 'check'])).toEqual(['check']);
    expect(needsOf(['solve'])).toBe('families');
    expect(needsOf(['prove'])).toBe('nothing');
    expect(needsOf(['check'])).toBe('claims');
  });

  it('argv naming no command (help, --version, a misspelt name) loads every command and the claims', () => {
    for (const args of [[], ['--help'], ['--version'], ['help'], ['solv', 'jsq-d']]) expect(commandsFor(args)).toEqual(ALL);
    expect(needsOf(ALL)).toBe('claims');
  });
});

describe('the CLI built from it', () => {
  it('lists every command in its help, in the table order', () => {
    const listed = lbcheck('--help')
      .stdout.split('\n')
      .flatMap((l) => /^ {2}([a-z]+) /.exec(l)?.[1] ?? []);
    expect(listed.filter((n) => n !== 'help')).toEqual(ALL);
  });

  it('suggests the command a misspelt name meant', () => {
    const r = lbcheck('solv', 'jsq-d');
    expect(r.code).toBe(2);
    expect(r.stderr).toBe("lbcheck: unknown command 'solv' (Did you mean solve?)\n");
    expect(lbcheck('solve', 'jsq-d', '--lamda', '9/10').stderr).toBe("lbcheck: unknown option '--lamda' (Did you mean --lambda?)\n");
  });

  it('worker takes --file more than once and checks each file at start, before it connects', () => {
    expectUsageError(
      ['worker', '--queue', 'redis://127.0.0.1:1', '--file', 'test/fixtures/user/mm1k.ts', '--file', 'test/fixtures/user/missing.ts'],
      '--file test/fixtures/user/missing.ts: no such file',
    );
  });
});
