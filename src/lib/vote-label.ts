// The vote button's accessible name around its visible count: one message per locale ("Vote, {number}
// votes", "صوّت، {number} صوت"), so separator and word order are the translator's, not the markup's.
import { translate } from '../i18n/current';
import { aroundPlaceholder } from './message-parts';

/** [words before the count, words after it] for `count` votes. */
export function voteLabelAround(count: number): [string, string] {
  return aroundPlaceholder(translate('vote', 'button', { count }), 'number');
}
