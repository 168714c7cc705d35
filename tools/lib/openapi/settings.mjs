// The OpenAPI description of a connection's settings route, one shape for every source Chorus connects to
// (Stripe, HubSpot, Slack, Zendesk, Intercom): GET reads the settings without their secrets, POST changes them with
// a body (every field optional: only what is sent changes), the secrets written and never read back.
const json = (schema) => ({ 'application/json': { schema } });
const err = { $ref: '#/components/responses/Error' };
const ok = () => ({ description: 'OK', content: json({ type: 'object' }) });

/**
 * `read` and `change`: each operation's operationId and summary; `fields`: the body's properties besides `active`
 * and the secrets; `secrets`: each secret's name and its longest length.
 * @param {{ read: object, change: object, fields?: Record<string, object>, secrets: Record<string, number> }} route
 */
export function settingsRoutes({ read, change, fields = {}, secrets }) {
  const properties = { active: { type: 'boolean' }, ...fields };
  for (const [name, maxLength] of Object.entries(secrets)) properties[name] = { type: 'string', maxLength };
  return {
    get: { tags: ['chorus'], ...read, responses: { 200: ok(), 401: err, 403: err } },
    post: {
      tags: ['chorus'],
      ...change,
      requestBody: { required: true, content: json({ type: 'object', properties }) },
      responses: { 200: ok(), 400: err, 401: err, 403: err },
    },
  };
}
