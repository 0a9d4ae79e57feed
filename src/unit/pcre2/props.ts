/** \p and \P, as PCRE2 10.42's get_ucp() reads them; the names are its Unicode 15 table (pcre2_ucptables.c). */
import { fail } from './messages.js';
import { isLetter, isSpace, type State } from './state.js';

/** Script names and abbreviations, which \p{sc:..} and \p{scx:..} accept. */
const SCRIPTS = new Set(
  (
    'adlam adlm aghb ahom anatolianhieroglyphs arab arabic armenian armi armn avestan avst bali ' +
    'balinese bamu bamum bass bassavah batak batk beng bengali bhaiksuki bhks bopo bopomofo brah ' +
    'brahmi brai braille bugi buginese buhd buhid cakm canadianaboriginal cans cari carian ' +
    'caucasianalbanian chakma cham cher cherokee chorasmian chrs common copt coptic cpmn cprt ' +
    'cuneiform cypriot cyprominoan cyrillic cyrl deseret deva devanagari diak divesakuru dogr dogra ' +
    'dsrt dupl duployan egyp egyptianhieroglyphs elba elbasan elym elymaic ethi ethiopic geor ' +
    'georgian glag glagolitic gong gonm goth gothic gran grantha greek grek gujarati gujr ' +
    'gunjalagondi gurmukhi guru han hang hangul hani hanifirohingya hano hanunoo hatr hatran hebr ' +
    'hebrew hira hiragana hluw hmng hmnp hung imperialaramaic inherited inscriptionalpahlavi ' +
    'inscriptionalparthian ital java javanese kaithi kali kana kannada katakana kayahli khar ' +
    'kharoshthi khitansmallscript khmer khmr khoj khojki khudawadi kits knda kthi lana lao laoo latin ' +
    'latn lepc lepcha limb limbu lina linb lineara linearb lisu lyci lycian lydi lydian mahajani mahj ' +
    'maka makasar malayalam mand mandaic mani manichaean marc marchen masaramgondi medefaidrin medf ' +
    'meeteimayek mend mendekikakui merc mero meroiticcursive meroitichieroglyphs miao mlym modi mong ' +
    'mongolian mro mroo mtei mult multani myanmar mymr nabataean nand nandinagari narb nbat newa ' +
    'newtailue nko nkoo nshu nushu nyiakengpuachuehmong ogam ogham olchiki olck oldhungarian ' +
    'olditalic oldnortharabian oldpermic oldpersian oldsogdian oldsoutharabian oldturkic olduyghur ' +
    'oriya orkh orya osage osge osma osmanya ougr pahawhhmong palm palmyrene pauc paucinhau perm phag ' +
    'phagspa phli phlp phnx phoenician plrd prti psalterpahlavi qaac qaai rejang rjng rohg runic runr ' +
    'samaritan samr sarb saur saurashtra sgnw sharada shavian shaw shrd sidd siddham signwriting sind ' +
    'sinh sinhala sogd sogdian sogo sora sorasompeng soyo soyombo sund sundanese sylo sylotinagri ' +
    'syrc syriac tagalog tagb tagbanwa taile taitham taiviet takr takri tale talu tamil taml tang ' +
    'tangsa tangut tavt telu telugu tfng tglg thaa thaana thai tibetan tibt tifinagh tirh tirhuta ' +
    'tnsa toto ugar ugaritic unknown vai vaii vith vithkuqi wancho wara warangciti wcho xpeo xsux ' +
    'yezi yezidi yi yiii zanabazarsquare zanb zinh zyyy zzzz '
  )
    .trim()
    .split(' '),
);

/** General categories, binary properties, bidi classes (as bidi<class>) and PCRE2's specials. */
const OTHERS = new Set(
  (
    'ahex alpha alphabetic any ascii asciihexdigit bidial bidian bidib bidibn bidic bidicontrol ' +
    'bidics bidien bidies bidiet bidifsi bidil bidilre bidilri bidilro bidim bidimirrored bidinsm ' +
    'bidion bidipdf bidipdi bidir bidirle bidirli bidirlo bidis bidiws c cased caseignorable cc cf ' +
    'changeswhencasefolded changeswhencasemapped changeswhenlowercased changeswhentitlecased ' +
    'changeswhenuppercased ci cn co cs cwcf cwcm cwl cwt cwu dash defaultignorablecodepoint dep ' +
    'deprecated di dia diacritic ebase ecomp emod emoji emojicomponent emojimodifier ' +
    'emojimodifierbase emojipresentation epres ext extendedpictographic extender extpict graphemebase ' +
    'graphemeextend graphemelink grbase grext grlink hex hexdigit idc idcontinue ideo ideographic ids ' +
    'idsb idsbinaryoperator idst idstart idstrinaryoperator joinc joincontrol l l& lc ll lm lo loe ' +
    'logicalorderexception lower lowercase lt lu m math mc me mn n nchar nd nl no ' +
    'noncharactercodepoint p patsyn patternsyntax patternwhitespace patws pc pcm pd pe pf pi po ' +
    'prependedconcatenationmark ps qmark quotationmark radical regionalindicator ri s sc sd ' +
    'sentenceterminal sk sm so softdotted space sterm term terminalpunctuation uideo unifiedideograph ' +
    'upper uppercase variationselector vs whitespace wspace xan xidc xidcontinue xids xidstart xps ' +
    'xsp xuc xwd z zl zp zs '
  )
    .trim()
    .split(' '),
);

/**
 * The property after \p or \P at p (just after the letter): where it ends, and whether it is \p{Any}
 * (`any`; with {^...} it is negated, `caret`), which PCRE2 compiles as a one-unit "any character".
 */
export function readProperty(st: State, p: number): { p: number; any: boolean; caret: boolean } {
  if (p >= st.end) fail(46, p);
  let c = st.at(p++);
  let name = '';
  let colon = -1;
  let caret = false;
  if (c === 0x7b) {
    if (p >= st.end) fail(46, p);
    if (st.at(p) === 0x5e) {
      caret = true;
      p++;
    }
    let i = 0;
    for (; i < 49; i++) {
      if (p >= st.end) fail(46, p);
      c = st.at(p++);
      while (c === 0x5f || c === 0x2d || isSpace(c)) {
        if (p >= st.end) fail(46, p);
        c = st.at(p++);
      }
      if (c === 0) fail(46, p);
      if (c === 0x7d) break;
      if ((c === 0x3a || c === 0x3d) && colon < 0) colon = i;
      name += String.fromCharCode(c).toLowerCase();
    }
    if (c !== 0x7d) fail(46, p);
  } else if (isLetter(c)) {
    name = String.fromCharCode(c).toLowerCase();
  } else {
    fail(46, p);
  }
  if (!known(name, colon)) fail(47, p);
  return { p, any: name === 'any', caret };
}

function known(name: string, colon: number): boolean {
  if (colon < 0) return SCRIPTS.has(name) || OTHERS.has(name);
  const kind = name.slice(0, colon);
  const value = name.slice(colon + 1);
  if (kind === 'bidiclass' || kind === 'bc')
    return SCRIPTS.has('bidi' + value) || OTHERS.has('bidi' + value);
  if (['script', 'sc', 'scriptextensions', 'scx'].includes(kind)) return SCRIPTS.has(value);
  return false;
}
