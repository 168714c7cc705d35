// Names the renderer of every island on the server, so Astro does not find it by trial: for an untagged
// function component it asks each renderer's `check`, and React's check renders the component once more
// (a whole renderToStaticMarkup pass) before the real render. An island is `src/features/<concept>/<Name>.tsx` or
// `src/ui/<Name>.tsx` with `export default function <Name>(` (all of them are); the tag is added to the server build only.
const ISLAND = /\/src\/(?:features\/[a-z-]+|ui)\/([A-Z][A-Za-z0-9]*)\.tsx$/;

/** The island module's code with its component tagged for Astro, or null when it is not an island. */
export function tagIsland(code, id) {
  const name = ISLAND.exec(id.split('?')[0])?.[1];
  if (!name || !code.includes(`export default function ${name}(`)) return null;
  return `${code}\n${name}[Symbol.for('astro:renderer')] = '@astrojs/react';\n`;
}

export function reactIslandRenderer() {
  return {
    name: 'chorus-react-island-renderer',
    hooks: {
      'astro:config:setup': ({ updateConfig }) => {
        updateConfig({
          vite: {
            plugins: [
              {
                name: 'chorus-react-island-renderer',
                enforce: 'pre',
                transform(code, id, options) {
                  if (!options?.ssr) return null;
                  const tagged = tagIsland(code, id);
                  return tagged && { code: tagged, map: null };
                },
              },
            ],
          },
        });
      },
    },
  };
}
