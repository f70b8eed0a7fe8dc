/**
 * Whether an administrator's regular expression can be run on user input
 * without risk of catastrophic backtracking. JavaScript's engine backtracks, so
 * `(a+)+$` takes seconds on forty `a`s and a `!`: every way to split the text
 * between the two repetitions is tried. We refuse the shapes that allow such
 * splits rather than attempt to measure a pattern:
 * - a repeated group holding a variable repetition (`(a+)+`, `(a?){9}`); a fixed
 *   count (`(\d{3}-)+`) cannot split one text two ways, so it stays allowed;
 * - alternatives under a repetition that may start with the same character
 *   (`(a|ab)+`, `(\w|\d)*`), since each choice is retried at every position;
 * - back-references, which no engine can match without backtracking;
 * - more than five repetitions of variable length (`?`, `{0,9}`, ...), or more
 *   than three open-ended ones (`*`, `+`, `{n,}`): neighbouring ones over the
 *   same characters multiply the work by the input's length each (ten times
 *   `\d{0,9}` take a minute on fifty digits and an `x`).
 */

export type PatternProblem =
  'invalid' | 'backReference' | 'nestedQuantifier' | 'repeatedAlternation' | 'tooManyRepeats';

/** Repetitions of variable length allowed in one pattern, and how many of them may be open-ended (see the header). */
export const MAX_VARIABLE_REPEATS = 5;
export const MAX_OPEN_REPEATS = 3;

type Item =
  | { kind: 'char'; source: string }
  | { kind: 'group'; alternatives: Item[][] }
  | { kind: 'repeat'; item: Item; min: number; max: number }
  | { kind: 'backReference' }
  | { kind: 'assertion' };

/** Compiles the pattern as it is used: the whole text must match, Unicode mode. */
export function anchored(source: string): RegExp {
  return new RegExp(`^(?:${source})$`, 'u');
}

/** The first problem of the pattern, or null when it is safe to run. */
export function patternProblem(source: string): PatternProblem | null {
  try {
    anchored(source);
  } catch {
    return 'invalid';
  }
  const tree = new Parser(source).parse();
  if (some(tree, (i) => i.kind === 'backReference')) return 'backReference';
  const repeated: Item[][] = [];
  walk(tree, (i) => {
    if (i.kind === 'repeat' && i.max > 1) repeated.push([i.item]);
  });
  if (repeated.some((r) => some([r], (i) => i.kind === 'repeat' && i.min !== i.max))) return 'nestedQuantifier';
  if (repeated.some((r) => some([r], (i) => i.kind === 'group' && !distinctStarts(i.alternatives))))
    return 'repeatedAlternation';
  let variable = 0;
  let open = 0;
  walk(tree, (i) => {
    if (i.kind !== 'repeat' || i.min === i.max) return;
    variable += 1;
    if (i.max === Infinity) open += 1;
  });
  return variable > MAX_VARIABLE_REPEATS || open > MAX_OPEN_REPEATS ? 'tooManyRepeats' : null;
}

function walk(alternatives: Item[][], visit: (item: Item) => void): void {
  for (const sequence of alternatives)
    for (const item of sequence) {
      visit(item);
      if (item.kind === 'group') walk(item.alternatives, visit);
      if (item.kind === 'repeat') walk([[item.item]], visit);
    }
}

function some(alternatives: Item[][], test: (item: Item) => boolean): boolean {
  let found = false;
  walk(alternatives, (i) => {
    found ||= test(i);
  });
  return found;
}

/**
 * Whether every alternative begins with a single character that no other
 * alternative can begin with, so at most one of them can go on at any point.
 * One alternative is trivially fine; anything we cannot prove is refused.
 */
function distinctStarts(alternatives: Item[][]): boolean {
  if (alternatives.length < 2) return true;
  const firsts = alternatives.map((seq) => seq[0]);
  if (firsts.some((f) => f?.kind !== 'char')) return false;
  const sets = (firsts as Array<{ source: string }>).map((f) => new RegExp(`^${f.source}$`, 'u'));
  // Every BMP character is tried against every start; patterns are short and the answer is cached by callers.
  for (let code = 0; code <= 0xffff; code += 1) {
    if (code >= 0xd800 && code <= 0xdfff) continue;
    const ch = String.fromCharCode(code);
    let matches = 0;
    for (const set of sets) if (set.test(ch) && ++matches > 1) return false;
  }
  return true;
}

/** A reader of the syntax `anchored` has already accepted, keeping only what the checks need. */
class Parser {
  private i = 0;
  constructor(private readonly s: string) {}

  parse(): Item[][] {
    return this.alternatives();
  }

  private alternatives(): Item[][] {
    const result: Item[][] = [this.sequence()];
    while (this.s[this.i] === '|') {
      this.i += 1;
      result.push(this.sequence());
    }
    return result;
  }

  private sequence(): Item[] {
    const items: Item[] = [];
    while (this.i < this.s.length && this.s[this.i] !== '|' && this.s[this.i] !== ')') {
      items.push(this.quantified(this.atom()));
    }
    return items;
  }

  private atom(): Item {
    const { s } = this;
    const c = s[this.i]!;
    if (c === '(') {
      const prefix = /^\(\?(?::|=|!|<=|<!|<[^>]+>)/.exec(s.slice(this.i));
      this.i += prefix ? prefix[0].length : 1;
      const alternatives = this.alternatives();
      this.i += 1; // ')'
      return { kind: 'group', alternatives };
    }
    if (c === '[') {
      let j = this.i + 1;
      while (j < s.length && s[j] !== ']') j += s[j] === '\\' ? 2 : 1;
      const source = s.slice(this.i, j + 1);
      this.i = j + 1;
      return { kind: 'char', source };
    }
    if (c === '^' || c === '$') {
      this.i += 1;
      return { kind: 'assertion' };
    }
    if (c === '\\') return this.escape();
    const ch = String.fromCodePoint(s.codePointAt(this.i)!);
    this.i += ch.length;
    return { kind: 'char', source: ch };
  }

  private escape(): Item {
    const rest = this.s.slice(this.i);
    if (/^\\[1-9]/.test(rest) || /^\\k</.test(rest)) {
      this.i += /^\\(?:\d+|k<[^>]*>)/.exec(rest)![0].length;
      return { kind: 'backReference' };
    }
    if (/^\\[bB]/.test(rest)) {
      this.i += 2;
      return { kind: 'assertion' };
    }
    const m = /^\\(?:u\{[0-9a-fA-F]+\}|u[0-9a-fA-F]{4}|x[0-9a-fA-F]{2}|c[A-Za-z]|[pP]\{[^}]*\}|[\s\S])/u.exec(rest)!;
    this.i += m[0].length;
    return { kind: 'char', source: m[0] };
  }

  private quantified(item: Item): Item {
    const m = /^(?:([*+?])|\{(\d+)(?:(,)(\d*))?\})\??/.exec(this.s.slice(this.i));
    if (!m) return item;
    this.i += m[0].length;
    let min: number;
    let max: number;
    if (m[1]) {
      min = m[1] === '+' ? 1 : 0;
      max = m[1] === '?' ? 1 : Infinity;
    } else {
      min = Number(m[2]);
      max = m[3] ? (m[4] ? Number(m[4]) : Infinity) : min;
    }
    return { kind: 'repeat', item, min, max };
  }
}
