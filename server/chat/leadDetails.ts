import { isEmailAddress } from '../../src/domain/email';

/**
 * Recognises the details the assistant asks for (name, email, business need) in what a visitor writes. Deterministic
 * and conservative: a detail counts only when it is stated ("my name is ...", an email address, "we need ...") or when
 * it answers the question the assistant has just asked ("May I have your name?" -> "Asha Rao").
 */

export type LeadField = 'name' | 'email' | 'need';

export interface LeadDetails {
  name?: string;
  email?: string;
  need?: string;
}

export const leadLimits = { name: 80, email: 254, need: 500 } as const;

/**
 * The questions the local assistant asks, and the cue that tells a later turn which one was asked. Gemini words its
 * questions freely, so the cues are the words any such question contains.
 */
export const leadQuestionCues: Record<LeadField, RegExp> = {
  name: /\byour name\b|\bwho am i (speaking|chatting) (with|to)\b/i,
  email: /\bemail\b|\be-mail\b/i,
  need: /\b(what|how) (would you (most )?like|can we|could we) help\b|\bbusiness needs?\b|\bwhat do you need\b/i,
};

const emailPattern = /[A-Za-z0-9._%+-]+@[A-Za-z0-9-]+(?:\.[A-Za-z0-9-]+)*\.[A-Za-z]{2,}/;

/** Words that follow "I am" / "I'm" without being a name: "I'm looking for", "I am interested in". */
const notNames = new Set([
  'a',
  'an',
  'the',
  'not',
  'just',
  'here',
  'from',
  'in',
  'on',
  'at',
  'with',
  'very',
  'so',
  'also',
  'new',
  'small',
  'owner',
  'interested',
  'looking',
  'trying',
  'planning',
  'thinking',
  'wondering',
  'curious',
  'good',
  'fine',
  'ok',
  'okay',
  'sure',
  'happy',
  'glad',
  'going',
  'asking',
  'hoping',
  'unable',
  'able',
  'ready',
  'still',
  'currently',
  'based',
  'located',
  'calling',
  'writing',
  'sorry',
  'confused',
  'concerned',
  'worried',
  'running',
  'starting',
  'opening',
  'launching',
  'selling',
  'searching',
  'considering',
  'finding',
  'getting',
  'having',
  'doing',
  'making',
  'building',
  'is',
  'are',
  'was',
  'will',
  'would',
  'can',
  'could',
  'should',
  'want',
  'need',
  'what',
  'how',
  'why',
  'who',
  'where',
  'when',
  'which',
  'yes',
  'no',
  'hi',
  'hello',
  'hey',
  'thanks',
  'thank',
  'please',
  'my',
  'our',
  'your',
  'and',
  'but',
  'or',
  'to',
  'for',
  'of',
  'all',
  'one',
  'two',
  'this',
  'that',
  'it',
  'i',
  'we',
  'you',
  'me',
  'us',
]);

/** Words that end a name: "I'm Asha from Rao Stores" -> Asha. */
const nameStops = new Set([
  'and',
  'from',
  'with',
  'at',
  'of',
  'here',
  'the',
  'my',
  'i',
  'we',
  'our',
  'in',
  'for',
  'who',
  'owner',
  'running',
]);

const nameWord = /^\p{L}[\p{L}'.-]*$/u;

function titleCase(word: string): string {
  // Keep what the visitor typed when it has capitals of its own (McKenzie, DSouza); fix all-lowercase names.
  return word === word.toLowerCase() ? word.charAt(0).toUpperCase() + word.slice(1) : word;
}

function nameFrom(words: string[]): string | undefined {
  const taken: string[] = [];
  for (const raw of words) {
    const word = raw.replace(/[.,!?;:]+$/, '');
    if (!nameWord.test(word) || nameStops.has(word.toLowerCase())) break;
    taken.push(titleCase(word));
    if (taken.length === 3 || raw !== word) break;
  }
  if (taken.length === 0 || notNames.has(taken[0]!.toLowerCase())) return undefined;
  const name = taken.join(' ');
  return name.length <= leadLimits.name ? name : undefined;
}

function statedName(message: string): string | undefined {
  const explicit = /\b(?:my name is|my name's|name is|name:|this is|call me)\s+(.+)/i.exec(message);
  if (explicit) return nameFrom(explicit[1]!.trim().split(/\s+/));
  const selfIntro = /(?:^|[\s,.!])(?:i am|i'm|im|i’m)\s+(.+)/i.exec(message);
  if (selfIntro) {
    const words = selfIntro[1]!.trim().split(/\s+/);
    // "I'm Asha" but not "I'm looking for ...", "I'm a baker", "I am running a clinic".
    const first = words[0]?.replace(/[.,!?;:]+$/, '').toLowerCase() ?? '';
    if (notNames.has(first) || /(ing|ed)$/.test(first)) return undefined;
    return nameFrom(words);
  }
  return undefined;
}

/** Words that make a short reply a request rather than a name: "Pricing", "no thanks", "tell me more". */
const topicWords = new Set([
  'price',
  'prices',
  'pricing',
  'plan',
  'plans',
  'package',
  'packages',
  'cost',
  'costs',
  'fee',
  'fees',
  'service',
  'services',
  'website',
  'site',
  'seo',
  'ads',
  'ad',
  'marketing',
  'social',
  'media',
  'branding',
  'brand',
  'logo',
  'crm',
  'ai',
  'agent',
  'agents',
  'chatbot',
  'contact',
  'help',
  'hours',
  'phone',
  'email',
  'whatsapp',
  'address',
  'quiz',
  'start',
  'skip',
  'later',
  'nope',
  'nah',
  'never',
  'mind',
  'more',
  'info',
  'details',
  'tell',
  'show',
  'explain',
  'launchpad',
  'growth',
  'engine',
  'scale',
  'up',
  'refund',
  'cancel',
  'results',
  'thanks',
  'thank',
  'bye',
  'goodbye',
]);

/** A short reply of name-like words, right after the assistant asked for a name: "Asha Rao", "it's Ravi". */
function answeredName(message: string): string | undefined {
  const cleaned = message.trim().replace(/^(it'?s|it is|sure,?|yes,?|hi,?|hello,?)\s+/i, '');
  const words = cleaned.split(/\s+/);
  if (words.length > 4 || /[?@\d]/.test(cleaned)) return undefined;
  if (words.some((word) => topicWords.has(word.replace(/[.,!;:]+$/, '').toLowerCase()))) return undefined;
  const name = nameFrom(words);
  // Every word must have been part of the name: "Asha Rao" yes, "Asha, tell me the prices" no.
  return name && name.split(' ').length === words.length ? name : undefined;
}

function statedNeed(message: string): string | undefined {
  const need =
    /\b(?:i|we)\s*(?:also\s+|really\s+|just\s+|still\s+)?(?:need|want|would like|'d like|’d like|am looking for|'m looking for|’m looking for|are looking for|'re looking for|require)\b\s+(?!to know|to ask|to understand|to see|to check|information|info|details|the price|prices|to talk)/i.test(
      message,
    ) ||
    /\b(?:looking for|interested in|help (?:with|to grow|growing)|my business (?:needs|is)|our business (?:needs|is))\b/i.test(message);
  return need ? message.trim().slice(0, leadLimits.need) : undefined;
}

/**
 * What this message tells about the visitor. `asked` are the details the assistant has just asked for, most recent
 * first (detailsAskedFor), which lets a bare answer count: "Asha Rao" after "May I have your name?". A bare need
 * counts only as the answer to the latest question, since almost any sentence could be one.
 */
export function detailsIn(message: string, asked: readonly LeadField[] = []): LeadDetails {
  const details: LeadDetails = {};
  const email = emailPattern.exec(message)?.[0];
  // Only an address the site can send to is a lead's email (src/domain/email.ts); the rest of the message still counts.
  if (email && email.length <= leadLimits.email && isEmailAddress(email)) details.email = email.toLowerCase();

  // An address alone carries no name or need; take the rest of the message for those.
  const rest = email ? message.replace(email, ' ').trim() : message.trim();
  const name = statedName(rest) ?? (asked.includes('name') ? answeredName(rest) : undefined);
  if (name) details.name = name;

  // A bare answer to "what would you like help with?" is the need, unless it is a question, a mere word or two,
  // or what is left of a message that was really about the email address.
  const bareNeed = asked[0] === 'need' && !email && !rest.endsWith('?') && rest.split(/\s+/).length >= 2;
  const need = statedNeed(rest) ?? (bareNeed ? rest.slice(0, leadLimits.need) : undefined);
  if (need) details.need = need;
  return details;
}

/** Which detail a message of the assistant asks for, if any (the first one asked wins). */
export function questionAskedIn(text: string | undefined): LeadField | undefined {
  if (!text) return undefined;
  // Only the last sentence asking something counts: "... Mon-Fri. May I have your name?"
  const questions = text.split(/(?<=[.!?])\s+/).filter((sentence) => sentence.trim().endsWith('?'));
  const last = questions.at(-1);
  if (!last) return undefined;
  return (['name', 'email', 'need'] as const).find((field) => leadQuestionCues[field].test(last));
}

/**
 * The details the visitor may be answering, most recent first: those the assistant's last two messages asked for
 * (a visitor often answers a question after asking one of their own in between).
 */
export function detailsAskedFor(history: readonly { role: string; text: string }[]): LeadField[] {
  const replies = history
    .filter((message) => message.role === 'model')
    .slice(-2)
    .reverse();
  const asked: LeadField[] = [];
  for (const reply of replies) {
    const field = questionAskedIn(reply.text);
    if (field && !asked.includes(field)) asked.push(field);
  }
  return asked;
}
