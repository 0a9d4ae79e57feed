// Generated PCRE2 patterns for the differential tests of dactl's checker against PCRE2 itself:
// pieces of every kind of PCRE2 syntax (escapes, classes, groups, conditions, verbs, callouts,
// options, quantifiers), nested, often balanced and often not, sometimes cut or with a stray
// character; patterns that mostly compile; strings of PCRE2's special characters; and repeats
// near the compiled-size limit.
import type fc from 'fast-check';

type Fc = typeof fc;

/** Pieces written one after another, separated by white space. */
const words = (text: string): string[] => text.trim().split(/\s+/);

const pick = <T>(f: Fc, items: readonly T[]): fc.Arbitrary<T> => f.constantFrom(...items);

const LITERALS = [
  ...words('a b c x y z A B Z 0 1 9 _ - , : ; = ! @ % & ~ \' " / # < > é 中 😀'),
  ...[' ', '\n', '\r', '\t', '\u0000', '\u0085', '\u2028'],
];

const ESCAPES = [
  ...Array.from('dDwWsShHvVRXNCbBAzZGKEaefnrt\\.*+?()[]{}|^$/-_# yFLluUjoqi', (c) => `\\${c}`),
  ...words(String.raw`
    \0 \01 \012 \08 \1 \2 \9 \10 \11 \81 \377 \400
    \x \x4 \x41 \xg \x{41} \x{} \x{100} \x{10ffff} \x{110000} \x{d800} \x{zz} \x{41
    \o \o{ \o{} \o{17} \o{400} \o{8} \c \cA \cz \c? \c{
    \p{L} \pL \pZ \p \p{ \P{Lu} \p{^Nd} \p{Foo} \p{Greek} \p{sc:Greek} \p{scx=Latin} \p{bc:L}
    \p{Bidi_Class=AL} \p{Any} \p{L&} \p{Xan} \p{Emoji} \p{Kawi} \p{Nag_Mundari}
    \g1 \g{1} \g{-1} \g{+1} \g{0} \g-1 \g+1 \g{n} \g<1> \g<n> \g'n' \g<-1> \g \g{ \gx
    \k<n> \k'n' \k{n} \k \k<1> \N{U+41} \N{2} \N{2,3} \N{name} \Q \Qa)\E`),
  '\\c\u0001',
  '\\p{ L u }',
];

const CLASSES = [
  ...words(String.raw`
    [abc] [^a] [a] [a-z] [z-a] [\d-z] [a-\d] [[:alpha:]] [[:foo:]] [[:^digit:]] [[.a.]] [[=a=]]
    [[:alpha:]-z] []a] [^]a] [] [^] [ [\Q]\E] [a\]b] [\x{41}-\x{5a}] [\p{L}] [\N] [\R] [\B]
    [\b] [\X] [[:<:]] [[:>:]] [-a] [a-] [\w-.] [\E] [\Q\E^a] [é] [^é] [\x{100}] [aA] [\da]
    [\cA-\cZ] [\1] [\g] [[:a]`),
  '[ a]',
];

const OPENERS = words(String.raw`
  ( (?: (?= (?! (?<= (?<! (?> (?| (?<n> (?<m> (?P<n> (?'n' (?<1n> (?<> (?<n
  (?(1) (?(2) (?(+1) (?(-1) (?(0) (?(<n>) (?('n') (?(n) (?(R) (?(R1) (?(R&n) (?(DEFINE)
  (?(VERSION>=10.4) (?(VERSION=10.42) (?(VERSION>10) (?(?=a) (?(?<=a) (?(?!a) (?(?C1)(?=a)
  (?(?C1)a (?(a) (?( (?i: (?-i: (?x: (?^: (?J: (?* (?<*
  (*pla: (*plb: (*nla: (*nlb: (*napla: (*naplb: (*atomic: (*sr: (*asr: (*script_run:
  (*positive_lookahead: (*foo:`);

const ITEMS = [
  ...words(String.raw`
    ) | ^ $ . (?P=n) (?P>n) (?&n) (?&m) (?R) (?R (?0) (?1) (?2) (?+1) (?-1) (?+0) (?-0) (?99999)
    (?C) (?C1) (?C255) (?C256) (?C"x") (?C{x}) (?Cx) (?C"x (?#comment) (?#
    (?i) (?-i) (?x) (?xx) (?-x) (?n) (?J) (?^) (?^i) (?^-i) (?i-x) (?--i) (?z) (?
    (*ACCEPT) (*FAIL) (*F) (*COMMIT) (*PRUNE) (*PRUNE:x) (*SKIP) (*SKIP:x) (*THEN) (*THEN:x)
    (*MARK:x) (*:x) (*MARK) (*MARK:) (*ACCEPT:x) (*FOO) (*) (* #`),
  ' ',
  '\\',
];

const START_OPTIONS = words(String.raw`
  (*UTF) (*UTF8) (*UCP) (*CR) (*LF) (*CRLF) (*ANY) (*ANYCRLF) (*NUL) (*LIMIT_MATCH=10)
  (*LIMIT_HEAP=) (*LIMIT_DEPTH=99999999999) (*NO_AUTO_POSSESS) (*NO_START_OPT) (*BSR_ANYCRLF)
  (*NOTEMPTY)`);

/** The first 18 are the well-formed ones. */
const QUANTIFIERS = words(String.raw`
  * + ? *? +? ?? *+ ++ ?+ {2} {2,} {2,5} {2,3} {1,2} {1,} {0,1} {0} {1,1}
  {,5} {5,2} {99999} {65535} {65536} {x} { {1 {0,0} {3}+ {2,4}?`);

/** A name for groups and references: short, long (33 is one too many), digit-first, non-ASCII. */
const name = (f: Fc) =>
  pick(f, ['n', 'm', 'n1', '_', '1n', 'é', 'a'.repeat(32), 'a'.repeat(33), 'R', 'R1', 'DEFINE']);

/** One piece of a pattern. */
const piece = (f: Fc): fc.Arbitrary<string> =>
  f.oneof(
    { weight: 6, arbitrary: pick(f, LITERALS) },
    { weight: 5, arbitrary: pick(f, ESCAPES) },
    { weight: 3, arbitrary: pick(f, CLASSES) },
    { weight: 4, arbitrary: pick(f, ITEMS) },
    { weight: 3, arbitrary: pick(f, QUANTIFIERS) },
    // Any character, a lone surrogate included (as U+FFFD in UTF-8, as in Unit's JSON).
    {
      weight: 1,
      arbitrary: f.integer({ min: 0, max: 0x10ffff }).map((c) => String.fromCodePoint(c)),
    },
    {
      weight: 1,
      arbitrary: f
        .tuple(pick(f, words('(?< (?P< \\k< \\g{ (?& (?(< (?P=')), name(f))
        .map(([open, n]) => `${open}${n}${open.endsWith('<') ? '>' : ')'}`),
    },
  );

/** Pieces and groups, the groups closed most of the time. */
const sequence = (f: Fc): fc.Arbitrary<string> =>
  f.letrec<{ seq: string; group: string }>((tie) => ({
    seq: f
      .array(f.oneof({ weight: 5, arbitrary: piece(f) }, { weight: 2, arbitrary: tie('group') }), {
        maxLength: 8,
        depthIdentifier: 'pattern',
      })
      .map((parts) => parts.join('')),
    group: f
      .tuple(
        pick(f, OPENERS),
        tie('seq'),
        f.oneof({ weight: 8, arbitrary: f.constant(')') }, f.constant(''), f.constant('|)')),
        f.oneof({ weight: 3, arbitrary: f.constant('') }, pick(f, QUANTIFIERS)),
      )
      .map((parts) => parts.join('')),
  })).seq;

/** An item PCRE2 takes anywhere, for patterns that mostly compile. */
const atom = (f: Fc): fc.Arbitrary<string> =>
  f.oneof(
    {
      weight: 4,
      arbitrary: pick(
        f,
        LITERALS.filter((c) => !'#/ '.includes(c)),
      ),
    },
    {
      weight: 3,
      arbitrary: pick(
        f,
        words(String.raw`
          \d \D \w \W \s \S \h \H \v \V \R \X \N . \x41 \x{e9} \o{101} \012 \cA \e \p{L} \P{Lu}
          \p{Greek} \p{Any} \P{Any} \Qa.b\E`),
      ),
    },
    { weight: 2, arbitrary: pick(f, words('[abc] [^a] [a] [a-z] [[:alpha:]] [[:^digit:]] [aA]')) },
    {
      weight: 1,
      arbitrary: pick(
        f,
        words(String.raw`
          [Kk] [sS] [éÉ] [\x{100}-\x{17f}] [^\x{3b1}-\x{3c9}] [\h\V] [\H] [[:^alpha:]\p{L}]
          [\D\p{Nd}] [[:blank:][:^ascii:]] [\w-.] [\E] [\Q\E^a] [-a] [a-] k K µ ſ`),
      ),
    },
  );

const WELL_FORMED_OPENERS = words(
  '( (?: (?= (?! (?> (?| (?<n> (?i: (*atomic: (*sr: (*asr: (?(1) (?(DEFINE) (?(?=a)',
);

const wellFormed = (f: Fc): fc.Arbitrary<string> =>
  f.letrec<{ seq: string; item: string }>((tie) => ({
    seq: f
      .array(tie('item'), { maxLength: 6, depthIdentifier: 'wellFormed' })
      .map((parts) => parts.join('')),
    item: f.oneof(
      {
        weight: 6,
        arbitrary: f
          .tuple(
            atom(f),
            f.oneof({ weight: 2, arbitrary: f.constant('') }, pick(f, QUANTIFIERS.slice(0, 18))),
          )
          .map((t) => t.join('')),
      },
      {
        weight: 1,
        arbitrary: pick(
          f,
          words('^ $ \\b \\B \\A \\z (?i) (?-i) (?x) (*COMMIT) (*MARK:m) (*ACCEPT) (*ACCEPT)?'),
        ),
      },
      { weight: 1, arbitrary: pick(f, words('(?C1) (?C"s") |')) },
      {
        weight: 2,
        arbitrary: f
          .tuple(
            pick(f, WELL_FORMED_OPENERS),
            tie('seq'),
            f.oneof({ weight: 2, arbitrary: f.constant('') }, pick(f, QUANTIFIERS.slice(0, 18))),
          )
          .map(([open, body, quant]) => `${open}${body})${quant}`),
      },
      {
        weight: 1,
        arbitrary: f
          .tuple(
            pick(f, words('(?<= (?<! (*plb:')),
            f.array(atom(f), { maxLength: 3 }),
            pick(f, ['', '|a', '|ab']),
          )
          .map(([open, atoms, alt]) => `${open}${atoms.join('')}${alt})`),
      },
      {
        weight: 1,
        arbitrary: pick(
          f,
          words(String.raw`
            (a)\1 (?<n>a)\k<n> (a)(?1) (a)(?1){2,3} (a)(?-1)+ (?J)(?<n>a)(?<n>b)\k<n>
            (a)\g{-1}*+`),
        ),
      },
    ),
  })).seq;

/** Characters that mean something to PCRE2, in any order. */
const soup = (f: Fc): fc.Arbitrary<string> =>
  f.string({
    unit: f.constantFrom(...Array.from('()[]{}?*+|\\^$.-:=!<>&PpkgcQENRxoi01289aAzZ#,\'" é\n')),
    maxLength: 24,
  });

/** A repeat near the compiled-size limit of 64K code units, of a piece or a small group. */
const large = (f: Fc): fc.Arbitrary<string> =>
  f.oneof(
    // The same item and quantifier many times: a+a+a+..., \w{2,3}\w{2,3}...
    f
      .tuple(
        f.oneof(pick(f, LITERALS), pick(f, ESCAPES.slice(0, 12)), pick(f, CLASSES.slice(0, 8))),
        pick(f, words('+ * ? +? *+ {1,} {2} {1,3} {2,} {0,5} {2,3}').concat([''])),
        f.integer({ min: 3000, max: 34000 }),
      )
      .map(([item, quant, times]) => (item + quant).repeat(times)),
    // A group repeated by a counted quantifier: (?:ab){n}, (a|b){2,n}, (?1){n}.
    f
      .tuple(
        pick(f, words('(?:ab) (a) (a|bc) (?:\\d+) (?=a) (?>ab) (a)(?1) [ab]')),
        f.integer({ min: 0, max: 30000 }),
        f.oneof(f.constant(undefined), f.integer({ min: 0, max: 30000 })),
        pick(f, ['', '?', '+']),
      )
      .map(([g, min, max, suffix]) => {
        const counts = max === undefined ? String(min) : `${String(min)},${String(max)}`;
        return `${g}{${counts}}${suffix}`;
      }),
  );

/** A pattern: maybe start options, a sequence, sometimes cut short or given a stray character. */
export function pcre2Patterns(f: Fc): fc.Arbitrary<string> {
  const plain = f
    .tuple(
      f.oneof({ weight: 6, arbitrary: f.constant('') }, pick(f, START_OPTIONS)),
      f.oneof(sequence(f), wellFormed(f), soup(f)),
      f.oneof(
        { weight: 6, arbitrary: f.constant(undefined) },
        f.tuple(f.double({ min: 0, max: 1, noNaN: true }), f.constantFrom('', ')', '(', '\\', '[')),
      ),
    )
    .map(([start, body, cut]) => {
      const pattern = start + body;
      if (cut === undefined) return pattern;
      const at = Math.floor(cut[0] * pattern.length);
      return pattern.slice(0, at) + cut[1];
    });
  return f.oneof({ weight: 400, arbitrary: plain }, { weight: 1, arbitrary: large(f) });
}
