// OpenAPI paths and schemas for the PocketBase collections integrators use: one record schema per
// collection from its fields (hidden fields left out), list/view/create/update/delete operations for
// every API rule that is not superuser-only, with the rule itself in the description.
const SYSTEM = (collection) => collection.system || collection.name.startsWith('_');
const DATETIME = { type: 'string', description: 'UTC date and time, "YYYY-MM-DD HH:MM:SS.sssZ"' };
const pascal = (name) => name.replace(/(^|_)([a-z])/g, (_, __, c) => c.toUpperCase());
export const schemaName = (collection) => `${pascal(collection.name)}Record`;

function fieldSchema(field, namesById) {
  const many = (schema) => (field.maxSelect > 1 ? { type: 'array', items: schema } : schema);
  switch (field.type) {
    case 'text':
    case 'editor':
      return {
        type: 'string',
        ...(field.max ? { maxLength: field.max } : {}),
        ...(field.pattern ? { pattern: field.pattern } : {}),
      };
    case 'number':
      return { type: field.onlyInt ? 'integer' : 'number', ...(field.min != null ? { minimum: field.min } : {}) };
    case 'bool':
      return { type: 'boolean' };
    case 'email':
      return { type: 'string', format: 'email' };
    case 'url':
      return { type: 'string', format: 'uri' };
    case 'date':
    case 'autodate':
      return { ...DATETIME };
    case 'select':
      return many({ type: 'string', enum: field.values });
    case 'relation':
      return many({ type: 'string', description: `id of a ${namesById.get(field.collectionId) ?? 'related'} record` });
    case 'file':
      return many({ type: 'string', description: 'file name; download from /api/files/{collection}/{record}/{name}' });
    case 'password':
      return { type: 'string', writeOnly: true };
    default:
      return {};
  }
}

function recordSchema(collection, namesById) {
  const properties = { collectionId: { type: 'string' }, collectionName: { type: 'string', const: collection.name } };
  const required = ['id', 'collectionId', 'collectionName'];
  for (const field of collection.fields) {
    if (field.hidden && field.type !== 'password') continue;
    properties[field.name] = fieldSchema(field, namesById);
    if (field.system && field.name === 'id') properties.id = { type: 'string' };
  }
  return { type: 'object', properties, required };
}

const who = (rule) =>
  rule === null || rule === undefined ? null : rule === '' ? 'Anyone.' : `Allowed when the API rule holds: \`${rule}\``;
const ref = (collection) => ({ $ref: `#/components/schemas/${schemaName(collection)}` });
const ok = (schema, description = 'OK') => ({ description, content: { 'application/json': { schema } } });
const errors = {
  400: { $ref: '#/components/responses/Error' },
  403: { $ref: '#/components/responses/Error' },
  404: { $ref: '#/components/responses/Error' },
};
/** The idea's count and version after a vote (server/cmd/pocketbase/votes.go ideaAnswer), on the vote's answers. */
const IDEA_AFTER = {
  type: 'object',
  description:
    'The idea’s counted votes and version (its `updated`) once this write moved the count; when it moved none (a vote held until its member confirms their email), absent from a create’s answer and null in a take-back’s',
  properties: { vote_count: { type: 'integer' }, updated: { ...DATETIME } },
  required: ['vote_count', 'updated'],
};
/** What a create answers with: the record, and for a vote the idea's count after it. */
const created = (collection) =>
  collection.name === 'votes'
    ? { allOf: [ref(collection), { type: 'object', properties: { idea: IDEA_AFTER } }] }
    : ref(collection);
/** What a delete answers with: nothing, and for a vote (a take-back) the idea's count after it. */
const deleted = (collection) =>
  collection.name === 'votes'
    ? {
        200: ok(
          { type: 'object', properties: { idea: { ...IDEA_AFTER, type: ['object', 'null'] } }, required: ['idea'] },
          'Deleted (taken back); `idea` is null when the vote moved no count',
        ),
      }
    : { 204: { description: 'Deleted' } };
const QUERY = ['page', 'perPage', 'sort', 'filter', 'expand', 'fields', 'skipTotal'].map((name) => ({
  $ref: `#/components/parameters/${name}`,
}));

function operations(collection) {
  const name = collection.name;
  const tags = [name];
  const list = {},
    one = {};
  if (who(collection.listRule))
    list.get = {
      tags,
      operationId: `list_${name}`,
      summary: `List ${name}`,
      description: who(collection.listRule),
      parameters: QUERY,
      responses: {
        200: ok({
          allOf: [
            { $ref: '#/components/schemas/ListPage' },
            { type: 'object', properties: { items: { type: 'array', items: ref(collection) } } },
          ],
        }),
        ...errors,
      },
    };
  if (who(collection.createRule))
    list.post = {
      tags,
      operationId: `create_${name}`,
      summary: `Create a ${name} record`,
      description: who(collection.createRule),
      requestBody: {
        required: true,
        content: {
          'application/json': { schema: ref(collection) },
          'multipart/form-data': { schema: ref(collection) },
        },
      },
      responses: { 200: ok(created(collection)), ...errors },
    };
  if (who(collection.viewRule))
    one.get = {
      tags,
      operationId: `view_${name}`,
      summary: `View a ${name} record`,
      description: who(collection.viewRule),
      parameters: [{ $ref: '#/components/parameters/expand' }, { $ref: '#/components/parameters/fields' }],
      responses: { 200: ok(ref(collection)), ...errors },
    };
  if (who(collection.updateRule))
    one.patch = {
      tags,
      operationId: `update_${name}`,
      summary: `Update a ${name} record`,
      description: who(collection.updateRule),
      requestBody: {
        required: true,
        content: {
          'application/json': { schema: ref(collection) },
          'multipart/form-data': { schema: ref(collection) },
        },
      },
      responses: { 200: ok(ref(collection)), ...errors },
    };
  if (who(collection.deleteRule))
    one.delete = {
      tags,
      operationId: `delete_${name}`,
      summary: `Delete a ${name} record`,
      description: who(collection.deleteRule),
      responses: { ...deleted(collection), ...errors },
    };
  const idParam = [{ name: 'id', in: 'path', required: true, schema: { type: 'string' } }];
  return {
    ...(Object.keys(list).length ? { [`/api/collections/${name}/records`]: list } : {}),
    ...(Object.keys(one).length ? { [`/api/collections/${name}/records/{id}`]: { parameters: idParam, ...one } } : {}),
  };
}

/** Paths and component schemas for every public (non-system, not superuser-only) collection. */
export function describeCollections(all) {
  const namesById = new Map(all.map((c) => [c.id, c.name]));
  const used = all
    .filter((c) => !SYSTEM(c))
    .filter((c) =>
      [c.listRule, c.viewRule, c.createRule, c.updateRule, c.deleteRule].some((r) => r !== null && r !== undefined),
    )
    .sort((a, b) => a.name.localeCompare(b.name));
  const paths = {};
  const schemas = {};
  for (const collection of used) {
    Object.assign(paths, operations(collection));
    schemas[schemaName(collection)] = recordSchema(collection, namesById);
  }
  return { paths, schemas, tags: used.map((c) => ({ name: c.name })) };
}
