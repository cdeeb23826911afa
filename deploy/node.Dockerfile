# One image per Node process (a service, the mailer worker or the gateway), chosen by WORKSPACE
# (its directory: services/journals, gateway, ...). Built from the repository root:
#   docker build -f deploy/node.Dockerfile --build-arg WORKSPACE=services/journals -t dayframe/journals .
ARG NODE_VERSION=22

# Build: install what this workspace needs (with the root's dev tools: TypeScript), compile it
# and its workspace dependencies with `tsc -b`, then lay out /app with deploy/assemble-app.ts.
FROM node:${NODE_VERSION}-bookworm AS build
WORKDIR /src
ARG WORKSPACE
RUN test -n "${WORKSPACE}" || (echo "--build-arg WORKSPACE=<dir> is required" && exit 1)
COPY . .
# Native modules (better-sqlite3, bcrypt) compile here, against the runtime's Node and glibc.
RUN npm ci --workspace=${WORKSPACE} --include-workspace-root --no-audit --no-fund
RUN npx tsc -b ${WORKSPACE}/tsconfig.build.json
# /app: this workspace and its workspace dependencies (package.json + dist/ each) and only the
# production node_modules they need, read from package-lock.json.
RUN node --import tsx deploy/assemble-app.ts ${WORKSPACE} /app

# Run: the compiled JavaScript on a slim LTS base. No sources, no TypeScript, no tsx.
FROM node:${NODE_VERSION}-bookworm-slim AS runtime
ARG WORKSPACE
# `compiled`: workspace packages resolve to their dist/ (package.json "exports"), not to .ts.
ENV NODE_ENV=production \
    NODE_OPTIONS=--conditions=compiled \
    HOST=0.0.0.0 \
    DATA_DIR=/data
# The app directory stays owned by root: the process can read it, never change it. Its only
# writable place is DATA_DIR (SQLite, the development outbox), a volume in production.
COPY --from=build /app /app
RUN mkdir -p /data && chown node:node /data
WORKDIR /app/${WORKSPACE}
USER node
HEALTHCHECK --interval=10s --timeout=3s --start-period=20s --retries=3 \
  CMD ["node", "-e", "fetch('http://127.0.0.1:'+process.env.PORT+'/readyz').then(r=>process.exit(r.ok?0:1),()=>process.exit(1))"]
CMD ["node", "dist/main.js"]
