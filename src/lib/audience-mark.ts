// The member audience's copy of a page (issue 59) knows no person, so it starts in no one's state: this inline head
// script (its hash joins the CSP, src/middleware.ts) marks the page as a member's at once, before the body paints.
// CSS then hides the visitor's sign-in links and keeps vote buttons pending until the islands, hydrated with the
// member's session, show their own state (no flash of "Sign in", nor of a vote not cast). Elements only the idea's
// author sees (`data-owner`) or everyone but them sees (`data-not-owner`) are shown or hidden once the page is read.
// Without JavaScript nothing here runs: the forms still post, and the page says what it cannot show.
import { cspHash } from './inline-style';

export const AUDIENCE_MARK_SCRIPT =
  "(function(d){d.documentElement.dataset.session='';addEventListener('DOMContentLoaded',function(){var i='';" +
  "try{i=JSON.parse(localStorage.getItem('pocketbase_auth')||'{}').record.id||''}catch(e){}" +
  "d.querySelectorAll('[data-owner],[data-not-owner]').forEach(function(e){" +
  "e.hidden='owner'in e.dataset?e.dataset.owner!==i:e.dataset.notOwner===i})})})(document)";

let hash: Promise<`sha256-${string}`> | null = null;

/** The script's CSP hash, computed once per isolate. */
export function audienceMarkHash(): Promise<`sha256-${string}`> {
  hash ??= cspHash(AUDIENCE_MARK_SCRIPT);
  return hash;
}
