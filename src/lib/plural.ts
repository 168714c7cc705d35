// Counted nouns through Intl.PluralRules ("1 vote", "2 votes"), so every language can plug its forms in.
const rules = new Intl.PluralRules('en-US');
const numbers = new Intl.NumberFormat('en-US');

export interface PluralForms {
  one: string;
  other: string;
}

export const VOTES: PluralForms = { one: 'vote', other: 'votes' };
export const COMMENTS: PluralForms = { one: 'comment', other: 'comments' };
export const NEW_IDEAS: PluralForms = { one: 'new idea', other: 'new ideas' };
export const MEMBERS: PluralForms = { one: 'member', other: 'members' };

/** The noun alone in the right form for `count` ("vote" or "votes"). */
export function pluralNoun(count: number, forms: PluralForms): string {
  return rules.select(count) === 'one' ? forms.one : forms.other;
}

/** "1 vote", "1,204 votes". */
export function countOf(count: number, forms: PluralForms): string {
  return `${numbers.format(count)} ${pluralNoun(count, forms)}`;
}
