import test from 'ava';
import { patternProblem, type PatternProblem } from '../../core/modules/params/pattern-safety.ts';

test('shapes that backtrack catastrophically are named', (t) => {
  const cases: Array<[string, PatternProblem]> = [
    ['(a+)+$', 'nestedQuantifier'],
    ['(a*)*', 'nestedQuantifier'],
    ['(a?){9}', 'nestedQuantifier'],
    ['(.*a){12}', 'nestedQuantifier'],
    ['(?:\\w+\\d+)+', 'nestedQuantifier'],
    ['(a|ab)+', 'repeatedAlternation'],
    ['(\\w|\\d)*', 'repeatedAlternation'],
    ['(a|a)*', 'repeatedAlternation'],
    ['(a|)+', 'repeatedAlternation'],
    ['(\\d|\\d\\d){2,}', 'repeatedAlternation'],
    ['(x)\\1', 'backReference'],
    ['(?<n>x)\\k<n>', 'backReference'],
    ['\\d+\\d+\\d+\\d+x', 'tooManyRepeats'],
    // Ten of these take a minute on fifty digits and an x: bounded repetitions count too.
    ['\\d{0,9}'.repeat(6), 'tooManyRepeats'],
    ['a?'.repeat(6) + 'a'.repeat(6), 'tooManyRepeats'],
    ['(', 'invalid'],
    ['a{2,1}', 'invalid'],
  ];
  for (const [source, problem] of cases) t.is(patternProblem(source), problem, source);
});

test('ordinary employee-number patterns pass', (t) => {
  for (const source of [
    'E\\d{4}',
    '(P|E)\\d{4}',
    '(\\d{3}-)?\\d{4}',
    '(\\d{3}-)+\\d',
    '[A-Z]{1,3}-?\\d{2,6}(-\\d{1,2})?',
    '(ab|cd)+',
    '(?:[A-Z]|\\d)+',
    '[\\]a]+x',
    '\\p{L}+\\d*',
    '(?<=x)y',
    '\\u{1F600}+',
    '.*',
  ]) {
    t.is(patternProblem(source), null, source);
  }
});

test('a pattern that passes runs fast on the input that hurts unsafe ones', (t) => {
  const input = `${'a'.repeat(48)}!`;
  for (const source of ['a+a+a+', '(a|b)+', '(?:a{2})+', '\\w*a*\\d*', '\\d{0,9}'.repeat(5), '\\w*a*.*a?a{0,40}']) {
    t.is(patternProblem(source), null, source);
    const started = performance.now();
    new RegExp(`^(?:${source})$`, 'u').test(input);
    t.true(performance.now() - started < 1_000, source);
  }
});
