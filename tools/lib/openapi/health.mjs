// OpenAPI descriptions of the health routes (pb_hooks/health/health.pb.js, issue #36): the report admins and monitoring
// read, and the doctor's probe.
const json = (schema) => ({ 'application/json': { schema } });
const err = { $ref: '#/components/responses/Error' };

export const HEALTH_ROUTES = {
  '/api/chorus/health': {
    get: {
      tags: ['chorus'],
      operationId: 'health',
      summary:
        'Admins (or superusers): how this Chorus is doing: versions, uptime, sizes, disk, replica lag, edge publishes, mail, retries waiting, migrations',
      'x-chorus-scope': 'admin',
      responses: {
        200: { description: 'The report', content: json({ type: 'object', additionalProperties: true }) },
        401: err,
        403: err,
      },
    },
    post: {
      tags: ['chorus'],
      operationId: 'healthProbe',
      summary:
        'Superusers (npm run doctor): a heartbeat write the replica must take, and a publish to the Worker signed with PocketBase’s own secret',
      'x-chorus-scope': 'superuser',
      requestBody: {
        required: false,
        content: json({
          type: 'object',
          properties: {
            edge: {
              type: 'object',
              properties: {
                post: { type: 'string' },
                reaction: { type: 'string' },
                tags: { type: 'array', items: { type: 'string', enum: ['site', 'roadmap', 'changelog'] } },
              },
            },
          },
        }),
      },
      responses: {
        200: {
          description: 'When the heartbeat was written and what the Worker answered',
          content: json({ type: 'object', additionalProperties: true }),
        },
        401: err,
        403: err,
      },
    },
  },
};
