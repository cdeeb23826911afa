# One image per Node process (a service, the mailer worker or the gateway), chosen by WORKSPACE.
# The install and the start command are the ones the tests run: `npm ci`, then `node --import tsx <main.ts>`.
ARG NODE_VERSION=20.19

FROM node:${NODE_VERSION}-bookworm AS build
WORKDIR /app
ARG WORKSPACE
COPY . .
# Production dependencies of this workspace only (better-sqlite3 compiles here, with the build tools this stage has).
RUN npm ci --omit=dev --workspace=${WORKSPACE} --include-workspace-root=false --no-audit --no-fund

FROM node:${NODE_VERSION}-bookworm-slim
WORKDIR /app
ARG WORKSPACE
ENV NODE_ENV=production HOST=0.0.0.0 MAIN=${WORKSPACE}/main.ts
COPY --from=build --chown=node:node /app /app
USER node
HEALTHCHECK --interval=10s --timeout=3s --start-period=20s --retries=3 \
  CMD node -e "fetch('http://127.0.0.1:'+process.env.PORT+'/readyz').then(r=>process.exit(r.ok?0:1),()=>process.exit(1))"
CMD ["sh", "-c", "exec node --import tsx \"$MAIN\""]
