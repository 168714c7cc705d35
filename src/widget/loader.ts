// The embeddable widget's loader (/widget.js): a launcher button in a shadow root, and on first open a
// panel that is an iframe on Chorus's origin, so the host page's CSS cannot reach it and it cannot
// touch the host page. Talks to the panel only by postMessage, checking origin and source both ways.
// Where the admin did not allow this page's origin, the panel says feedback is unavailable here and the
// console says what to add (the loader cannot tell staff from visitors without telling the host page).
// Kept dependency-free and tiny (≤ 5 KB gzip, counted by `npm run size`).
import { directionOf } from '../i18n/locales';
import { type Message, ORIGIN_CHECK_PATH, type OriginCheck, type WidgetApi } from './protocol';
import { WIDGET_STYLES } from './styles';
import { launcherLabel, unavailableText, unseenTitle, widgetLocale } from './words';

type QueuedCall = [keyof WidgetApi, unknown[]];

const script = document.currentScript as HTMLScriptElement | null;
const existing = (window as unknown as { Chorus?: Partial<WidgetApi> & { q?: QueuedCall[] } }).Chorus;

if (script && !existing?.open) install(script, existing?.q ?? []);

function install(script: HTMLScriptElement, queue: QueuedCall[]): void {
  const chorus = new URL(script.src).origin;
  const board = script.dataset.board ?? '';
  const host = document.createElement('div');
  host.setAttribute('data-chorus-widget', '');
  const root = host.attachShadow({ mode: 'open' });
  const style = document.createElement('style');
  style.textContent = WIDGET_STYLES;
  const launcher = document.createElement('button');
  launcher.type = 'button';
  launcher.className = `launcher ${script.dataset.position === 'left' ? 'left' : 'right'}`;
  launcher.setAttribute('aria-expanded', 'false');
  launcher.setAttribute('aria-haspopup', 'dialog');
  const label = document.createElement('span');
  // The language: data-locale, else the host page's <html lang>; Chorus.setLocale() changes it later.
  let locale = widgetLocale(script.dataset.locale || document.documentElement.lang);
  const labelText = () => script.dataset.label ?? launcherLabel(locale);
  label.textContent = labelText();
  const badge = document.createElement('span');
  badge.className = 'badge';
  badge.hidden = true;
  launcher.append(label, badge);
  const panel = document.createElement('div');
  panel.className = launcher.className.replace('launcher', 'panel');
  panel.setAttribute('role', 'dialog');
  panel.setAttribute('aria-label', label.textContent);
  panel.hidden = true;
  root.append(style, launcher, panel);
  (document.body ?? document.documentElement).append(host);

  let frame: HTMLIFrameElement | null = null;
  let notice: HTMLParagraphElement | null = null;
  let ready = false;
  let outbox: Message[] = [];
  let identity: string | null | undefined;
  let sentIdentity: string | null | undefined;
  let unseen = 0;

  const send = (message: Message) => {
    if (ready && frame?.contentWindow) frame.contentWindow.postMessage(message, chorus);
    else outbox.push(message);
  };
  const sendIdentity = () => {
    if (identity === undefined || identity === sentIdentity) return;
    sentIdentity = identity;
    send(identity ? { type: 'chorus:identify', token: identity } : { type: 'chorus:signout' });
  };

  const open = () => {
    if (!frame) {
      frame = document.createElement('iframe');
      frame.title = label.textContent ?? '';
      frame.src = `${chorus}/embed/b/${encodeURIComponent(board)}?origin=${encodeURIComponent(location.origin)}`;
      frame.allow = 'clipboard-write';
      // Hidden until Chorus confirms this origin may frame it: a refused frame is a broken-page icon.
      frame.className = 'checking';
      panel.append(frame);
      void originAllowed().then((allowed) => (allowed ? reveal() : refuse()));
    }
    panel.hidden = false;
    launcher.setAttribute('aria-expanded', 'true');
    (notice ?? frame).focus();
  };
  // An unanswered check (an older Chorus, a network error) shows the frame as before.
  const originAllowed = () =>
    fetch(`${chorus}${ORIGIN_CHECK_PATH}?origin=${encodeURIComponent(location.origin)}`)
      .then((response) => response.json() as Promise<OriginCheck>)
      .then(
        (answer) => answer.allowed !== false,
        () => true,
      );
  const reveal = () => {
    frame?.removeAttribute('class');
    if (!panel.hidden) frame?.focus();
  };
  const sayUnavailable = () => {
    if (!notice) return;
    notice.textContent = unavailableText(locale);
    notice.lang = locale;
    notice.dir = directionOf(locale);
  };
  const refuse = () => {
    frame?.remove();
    notice = document.createElement('p');
    notice.className = 'notice';
    notice.tabIndex = -1;
    sayUnavailable();
    panel.classList.add('refused');
    panel.append(notice);
    if (!panel.hidden) notice.focus();
    const admin = `${chorus}/admin/widget`;
    console.warn(
      `Chorus widget: this page's origin ${location.origin} is not allowed to embed the feedback panel. Add ${location.origin} to "Sites allowed to embed the widget" at ${admin}`,
    );
  };
  const close = () => {
    if (panel.hidden) return;
    panel.hidden = true;
    launcher.setAttribute('aria-expanded', 'false');
    launcher.focus();
  };

  launcher.addEventListener('click', () => (panel.hidden ? open() : close()));
  document.addEventListener('keydown', (event) => {
    if (event.key === 'Escape') close();
  });
  window.addEventListener('message', (event: MessageEvent<Message>) => {
    if (event.origin !== chorus || !frame || event.source !== frame.contentWindow) return;
    const message = event.data;
    if (message?.type === 'chorus:ready') {
      ready = true;
      sendIdentity();
      for (const queued of outbox) send(queued);
      outbox = [];
    } else if (message?.type === 'chorus:close') close();
    else if (message?.type === 'chorus:unseen') {
      badge.hidden = message.count === 0;
      badge.textContent = message.count === 0 ? '' : message.count > 9 ? '9+' : String(message.count);
      unseen = message.count;
      badge.title = unseenTitle(locale, unseen);
    }
  });

  const api: WidgetApi = {
    open,
    close,
    identify(token) {
      identity = token;
      if (frame) sendIdentity();
    },
    setLocale(tag) {
      locale = widgetLocale(tag);
      label.textContent = labelText();
      panel.setAttribute('aria-label', label.textContent);
      if (frame) frame.title = label.textContent;
      sayUnavailable();
      if (unseen) badge.title = unseenTitle(locale, unseen);
    },
    openComposer(draft = {}) {
      open();
      send({ type: 'chorus:compose', title: String(draft.title ?? ''), body: String(draft.body ?? '') });
    },
  };
  Object.assign(window, { Chorus: api });
  for (const [method, args] of queue) (api[method] as (...a: unknown[]) => void)(...args);
  window.dispatchEvent(new Event('chorus:ready'));
}
