/**
 * An eslint-plugin-import resolver (interface version 2) for path aliases: Node's resolution
 * (eslint-import-resolver-node, with its options) after the alias is replaced by its folder, so the
 * import rules see `@/features/x` as the file it is. eslint.config.js gives the aliases:
 * `{ alias: { '@': '/abs/apps/web/src' }, extensions: [...] }`. (eslint-import-resolver-typescript
 * would read tsconfig.json's paths, but brings a native resolver for this one prefix.)
 * CommonJS: eslint-plugin-import loads resolvers with require().
 */
const { createRequire } = require('node:module');

// The node resolver eslint-plugin-import depends on (and would use without this file).
const node = createRequire(require.resolve('eslint-plugin-import'))('eslint-import-resolver-node');

exports.interfaceVersion = 2;

exports.resolve = (source, file, { alias = {}, ...options } = {}) => {
  for (const [prefix, folder] of Object.entries(alias)) {
    if (source === prefix || source.startsWith(`${prefix}/`)) {
      return node.resolve(folder + source.slice(prefix.length), file, options);
    }
  }
  return node.resolve(source, file, options);
};
