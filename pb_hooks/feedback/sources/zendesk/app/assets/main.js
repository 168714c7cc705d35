// Chorus's Zendesk ticket sidebar app (issue 58; Zendesk Apps framework v2): beside a ticket, the requester's ideas on
// the Chorus board, the ideas the ticket suggests and a search; one click on Link links the ticket to an idea. Every
// call goes through Zendesk's proxy (client.request, secure: the token is the app's secure setting, never seen here),
// and names only the ticket and the agent: Chorus reads both from Zendesk's API. Words are set as text, never as HTML,
// in the staff member's language: Chorus's answer carries them (`words`); English until the first answer.
const ROUTES = {
  ideas: '/api/chorus/zendesk/app/ideas',
  link: '/api/chorus/zendesk/app/link',
};

const client = ZAFClient.init();
let chorusUrl = '';
let ticketId = '';
let agentId = '';

const byId = (id) => document.getElementById(id);

/** The words of Chorus's last answer (English until then; the same texts as locales/en.json's sidebarApp). */
let words = {
  locale: 'en',
  votes: { one: '{count} vote', other: '{count} votes' },
  noEmail: 'This customer has no email address: Chorus knows its members by email.',
  notMember: 'Not a member of the board yet: linking an idea makes them one.',
  noneWanted: 'No ideas wanted yet.',
  suggestedTicket: 'Suggested for this ticket',
  noMatch: 'No idea matches “{query}”.',
  link: 'Link',
  linked: 'Linked',
  search: 'Search ideas',
  searchButton: 'Search',
};

/** An idea's vote count in the words' language (its plural form chosen as the language counts). */
function votesText(count) {
  let form = 'other';
  try {
    form = new Intl.PluralRules(words.locale).select(count);
  } catch {
    // an unknown locale counts as English does
  }
  const forms = words.votes;
  const text = (count === 0 && forms.zero) || forms[form] || forms.other;
  return text.replace('{count}', new Intl.NumberFormat(words.locale).format(count));
}

/** One element `tag` with `text` (as text) and `className`. */
function element(tag, text, className) {
  const made = document.createElement(tag);
  if (text !== undefined) made.textContent = text;
  if (className) made.className = className;
  return made;
}

/** A call to Chorus through Zendesk's proxy: its JSON, or a rejection with Chorus's message. */
function call(route, body) {
  return client
    .request({
      url: `${chorusUrl}${route}`,
      type: 'POST',
      contentType: 'application/json',
      data: JSON.stringify({ ticket_id: ticketId, agent_id: agentId, ...body }),
      headers: { Authorization: 'Bearer {{setting.app_token}}' },
      secure: true,
      cors: false,
      dataType: 'json',
    })
    .catch((failure) => {
      let message = 'Chorus did not answer.';
      try {
        message = JSON.parse(failure.responseText).message || message;
      } catch {
        // not Chorus's JSON: the fixed words
      }
      throw new Error(message);
    });
}

/** What was done (or went wrong), above the rest. */
function say(words, isError) {
  const said = byId('said');
  said.hidden = !words;
  said.textContent = words || '';
  said.className = isError ? 'said error' : 'said';
}

/** A list of ideas: each opens on the board; with `linkable`, each not linked yet has a Link button. */
function ideaList(ideas, linkable) {
  const list = element('ul');
  for (const idea of ideas) {
    const row = element('li');
    const open = element('a', idea.title);
    open.href = idea.url;
    open.target = '_blank';
    open.rel = 'noopener noreferrer';
    row.append(open, element('small', [idea.status, votesText(idea.votes)].filter(Boolean).join(' · ')));
    if (linkable && idea.linked) row.append(element('small', words.linked));
    if (linkable && !idea.linked) {
      const button = element('button', words.link, 'c-btn c-btn--sm');
      button.type = 'button';
      button.addEventListener('click', () => link(idea, button));
      row.append(button);
    }
    list.append(row);
  }
  return list;
}

/** The sidebar from Chorus's answer: the requester, their ideas, the suggestions, and a search's ideas. */
function show(answer) {
  if (answer.words) words = { ...words, ...answer.words };
  document.documentElement.lang = words.locale;
  byId('query').placeholder = words.search;
  byId('query').setAttribute('aria-label', words.search);
  byId('search-button').textContent = words.searchButton;
  say(answer.said, false);
  const app = byId('app');
  app.replaceChildren();
  const customer = answer.customer;
  app.append(element('h2', customer.name || customer.email || '—'));
  if (!customer.email) app.append(element('p', words.noEmail, 'muted'));
  else if (!customer.member) app.append(element('p', words.notMember, 'muted'));
  if (answer.wanted.length) app.append(ideaList(answer.wanted, false));
  else app.append(element('p', words.noneWanted, 'muted'));
  if (answer.suggested.length)
    app.append(element('p', words.suggestedTicket, 'muted'), ideaList(answer.suggested, true));
  const found = byId('found');
  found.replaceChildren();
  if (answer.found) {
    found.append(
      answer.found.length
        ? ideaList(answer.found, true)
        : element('p', words.noMatch.replace('{query}', answer.query), 'muted'),
    );
  }
  client.invoke('resize', { width: '100%', height: `${Math.min(document.body.scrollHeight + 8, 800)}px` });
}

/** Links the ticket to `idea` (the second click: the first showed it). */
function link(idea, button) {
  button.disabled = true;
  call(ROUTES.link, { idea: idea.id })
    .then(show)
    .catch((failure) => {
      button.disabled = false;
      say(failure.message, true);
    });
}

/** The sidebar again, with a search's ideas when `query` is given. */
function load(query) {
  return call(ROUTES.ideas, query ? { query } : {})
    .then(show)
    .catch((failure) => say(failure.message, true));
}

byId('search').addEventListener('submit', (event) => {
  event.preventDefault();
  load(byId('query').value.trim());
});

Promise.all([client.metadata(), client.get(['ticket.id', 'currentUser.id'])]).then(([metadata, data]) => {
  chorusUrl = String(metadata.settings.server_url || '').replace(/\/+$/, '');
  ticketId = String(data['ticket.id']);
  agentId = String(data['currentUser.id']);
  load('');
});
