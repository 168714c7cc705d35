// The end every signed delivery of a support desk's webhook shares (Zendesk's, Intercom's): what the source's reader
// made of it is captured (feedback/capture.js) and the settings' last event noted, or, when the reader ignored it,
// logged and answered 200 so the vendor does not retry something Chorus will never take.
const { captureFeedback } = require(`${__hooks}/feedback/capture.js`);

/**
 * `read`: the reader's { input } or { ignored: why }; `what`: the log's name for the thing delivered ('ticket', …)
 * and `id` its id; `noteEvent(app)` keeps the time of the last capture; `failed()`, when given, is called when the
 * capture failed on Chorus's side (answered 500, so the vendor retries).
 */
function answerDelivery(e, { vendor, what, id, read, noteEvent, failed }) {
  if (read.ignored) {
    e.app.logger().warn(`${vendor}: a ${what} was not captured`, what, String(id), 'why', read.ignored);
    return e.json(200, { captured: false });
  }
  try {
    const captured = captureFeedback(e.app, read.input);
    noteEvent(e.app);
    return e.json(200, { captured: true, duplicate: captured.duplicate });
  } catch (error) {
    if (!/nothing was said/.test(String(error))) {
      e.app.logger().error(`${vendor}: a ${what} was not captured`, 'error', String(error).slice(0, 300));
      failed?.();
      return e.json(500, { message: 'Not captured.' });
    }
    return e.json(200, { captured: false });
  }
}

module.exports = { answerDelivery };
