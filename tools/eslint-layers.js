// @ts-check
/**
 * Import rules inside the layers (design/style.md, ADR 001 and 009) that
 * no-restricted-imports cannot say: its patterns see the import as written
 * ('../wishlist/x.tsx'), not the file it names, and a second block of it for the same
 * files replaces the first block's options instead of adding to them. These rules
 * resolve each relative import against the importing file and judge the target.
 */
import path from 'node:path';
import process from 'node:process';

const ROOT = process.cwd();

/** The file's path from the project root, with forward slashes. */
const fromRoot = (/** @type {string} */ file) =>
  path.relative(ROOT, file).split(path.sep).join('/');

/** The project file a relative import names, or null for a package import. */
function target(/** @type {string} */ importer, /** @type {string} */ source) {
  if (!source.startsWith('.')) return null;
  return fromRoot(path.resolve(path.dirname(importer), source));
}

/** Every import, export-from and dynamic import of a file, with its source text. */
function eachImport(/** @type {(node: any, source: string) => void} */ report) {
  /** @param {any} node */
  const check = (node) => {
    if (node.source && node.source.type === 'Literal' && typeof node.source.value === 'string') {
      report(node, node.source.value);
    }
  };
  return {
    ImportDeclaration: check,
    ExportNamedDeclaration: check,
    ExportAllDeclaration: check,
    ImportExpression: check,
  };
}

/** The web feature a file belongs to (`src/web/features/<feature>/…`), else null. */
const featureOf = (/** @type {string} */ file) =>
  /^src\/web\/features\/([^/]+)\//.exec(file)?.[1] ?? null;

/** @type {import('eslint').Rule.RuleModule} */
const webFeatures = {
  meta: {
    type: 'problem',
    docs: {
      description: 'web features do not import each other, nor do shared layers import features',
    },
    schema: [],
    messages: {
      feature:
        'Feature "{{from}}" must not import feature "{{to}}": compose them in app/, or move the piece both need to shared/ (ADR 009).',
      shared:
        '{{layer}}/ is shared by every feature, so it must not import a feature or app/ (ADR 009).',
      admin:
        'The shop must not import the back office (src/web/admin/): its code loads only on /admin pages (ADR 047).',
    },
  },
  create(context) {
    const file = fromRoot(context.filename);
    const from = featureOf(file);
    const layer = /^src\/web\/(shared|ui|lib|api)\//.exec(file)?.[1];
    const inAdmin = file.startsWith('src/web/admin/');
    return eachImport((node, source) => {
      const to = target(context.filename, source);
      if (!to) return;
      if (!inAdmin && to.startsWith('src/web/admin/')) {
        context.report({ node, messageId: 'admin' });
        return;
      }
      const toFeature = featureOf(to);
      if (from && toFeature && toFeature !== from) {
        context.report({ node, messageId: 'feature', data: { from, to: toFeature } });
      } else if (layer && (toFeature || to.startsWith('src/web/app/'))) {
        context.report({ node, messageId: 'shared', data: { layer } });
      }
    });
  },
};

/** @type {import('eslint').Rule.RuleModule} */
const serverLayers = {
  meta: {
    type: 'problem',
    docs: { description: 'routes call services; services do not speak HTTP' },
    schema: [],
    messages: {
      routeReach:
        'A route calls its service; it must not import {{what}} (design/style.md: routes → services → repositories/adapters).',
      routeFile:
        'Route files export nothing but their registration: put what other code needs beside the service or in http/.',
      serviceHttp:
        'A service must not import {{what}}: the route parses the request and shapes the reply, the service takes plain values.',
    },
  },
  create(context) {
    const file = fromRoot(context.filename);
    const isRoute = /\.routes\.ts$/.test(file);
    const isService = /\.service\.ts$/.test(file);
    if (!isRoute && !isService) return {};
    return eachImport((node, source) => {
      const to = target(context.filename, source);
      if (isRoute) {
        const what = !to
          ? null
          : /\.repository\.ts$/.test(to)
            ? 'a repository'
            : to.startsWith('src/server/adapters/')
              ? 'an adapter'
              : to.startsWith('src/server/db/')
                ? 'the database'
                : /\.routes\.ts$/.test(to)
                  ? 'another route file'
                  : null;
        if (what) context.report({ node, messageId: 'routeReach', data: { what } });
      } else {
        const what = /^(fastify|@fastify\/|node:http2?$|https?$|node:https$)/.test(source)
          ? `'${source}'`
          : to?.startsWith('src/server/http/')
            ? 'the HTTP layer (src/server/http/)'
            : /\.routes\.ts$/.test(to ?? '')
              ? 'a route file'
              : null;
        if (what) context.report({ node, messageId: 'serviceHttp', data: { what } });
      }
    });
  },
};

/** @type {import('eslint').Rule.RuleModule} */
const routeExports = {
  meta: {
    type: 'problem',
    docs: { description: 'a route file exports only its registration function' },
    schema: [],
    messages: {
      helper:
        'Route files export only their registration function (named …Routes); move "{{name}}" beside the service or into src/server/http/.',
    },
  },
  create(context) {
    if (!/\.routes\.ts$/.test(context.filename)) return {};
    /** @param {any} node @param {string} name */
    const report = (node, name) => context.report({ node, messageId: 'helper', data: { name } });
    return {
      /** @param {any} node */
      ExportNamedDeclaration(node) {
        const d = node.declaration;
        if (d && d.type === 'FunctionDeclaration' && /Routes$/.test(d.id?.name ?? '')) return;
        if (d?.id?.name) return report(node, d.id.name);
        if (d?.declarations) {
          for (const v of d.declarations) report(node, v.id.name ?? 'a binding');
          return;
        }
        for (const s of node.specifiers ?? []) report(node, s.exported.name ?? s.exported.value);
      },
      /** @param {any} node */
      ExportAllDeclaration: (node) => report(node, '*'),
      /** @param {any} node */
      ExportDefaultDeclaration: (node) => report(node, 'default'),
    };
  },
};

/** The local rules, as an ESLint plugin. */
export const layers = {
  rules: {
    'web-features': webFeatures,
    'server-layers': serverLayers,
    'route-exports': routeExports,
  },
};
