// Registers Chorus's hydration directives (`client:session`, `client:interact`; src/directives/): islands
// whose server HTML already works hydrate only when someone is signed in or reaches for them.
export function hydrationDirectives() {
  return {
    name: 'chorus-hydration-directives',
    hooks: {
      'astro:config:setup': ({ addClientDirective }) => {
        addClientDirective({ name: 'session', entrypoint: './src/directives/session.ts' });
        addClientDirective({ name: 'interact', entrypoint: './src/directives/interact.ts' });
      },
    },
  };
}
