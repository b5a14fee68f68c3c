import { createReadStream } from 'node:fs';
import path from 'node:path';
import { type ReadStream } from 'node:fs';

/** The swagger-ui-dist files the page loads, served from node_modules: no CDN, CSP `script-src 'self'`. */
const ASSETS: Record<string, string> = {
  'swagger-ui.css': 'text/css; charset=utf-8',
  'swagger-ui-bundle.js': 'text/javascript; charset=utf-8',
  'swagger-ui-standalone-preset.js': 'text/javascript; charset=utf-8',
  'favicon-32x32.png': 'image/png',
  'favicon-16x16.png': 'image/png',
};

const DIST = path.dirname(require.resolve('swagger-ui-dist/package.json'));

export function swaggerUiAsset(name: string): { type: string; stream: () => ReadStream } | null {
  const type = Object.hasOwn(ASSETS, name) ? ASSETS[name] : undefined;
  if (!type) return null;
  return { type, stream: () => createReadStream(path.join(DIST, name)) };
}

/** The page itself: external scripts only, so the documentation page's CSP needs no 'unsafe-inline'. */
export const SWAGGER_UI_PAGE = `<!doctype html>
<html lang="fr">
<head>
  <meta charset="utf-8">
  <title>API pré-état daté — documentation</title>
  <link rel="stylesheet" href="/docs/swagger-ui.css">
  <link rel="icon" type="image/png" href="/docs/favicon-32x32.png" sizes="32x32">
</head>
<body>
  <div id="swagger-ui"></div>
  <script src="/docs/swagger-ui-bundle.js"></script>
  <script src="/docs/swagger-ui-standalone-preset.js"></script>
  <script src="/docs/swagger-initializer.js"></script>
</body>
</html>
`;

export const SWAGGER_UI_INITIALIZER = `window.addEventListener('load', function () {
  window.ui = SwaggerUIBundle({
    url: '/openapi.json',
    dom_id: '#swagger-ui',
    deepLinking: true,
    presets: [SwaggerUIBundle.presets.apis, SwaggerUIStandalonePreset],
    layout: 'StandaloneLayout',
    operationsSorter: 'alpha',
    validatorUrl: null,
  });
});
`;
