// The docs site's sidebar: one group per folder of src/content/docs, in reading order.
const group = (label, directory) => ({ label, items: [{ autogenerate: { directory } }] });

export const sidebar = [
  group('Start', 'start'),
  group('Deploy and operate', 'operate'),
  group('Features', 'features'),
  group('Integrations', 'integrations'),
  group('Architecture', 'architecture'),
  group('Contributing', 'contributing'),
];
