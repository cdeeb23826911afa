# One static image per front end (the shell or a remote), chosen by APP. The build step is the
# one the tests run: `npm ci`, then `npm run build -w <app>`. The image serves that app's own
# build and nothing else: only APP's dist/ is copied into the nginx stage.
ARG NODE_VERSION=22

FROM node:${NODE_VERSION}-bookworm AS build
WORKDIR /app
ARG APP
COPY . .
RUN npm ci --no-audit --no-fund && npm run build -w ${APP}

FROM nginxinc/nginx-unprivileged:1.27-alpine
ARG APP
ARG ROLE=remote
COPY deploy/nginx/${ROLE}.conf.template /etc/nginx/templates/default.conf.template
COPY deploy/nginx/${ROLE}-headers.inc.template /etc/nginx/templates/${ROLE}-headers.inc.template
COPY --from=build /app/${APP}/dist /usr/share/nginx/html
EXPOSE 8080
HEALTHCHECK --interval=10s --timeout=3s --retries=3 CMD wget -q -O /dev/null http://127.0.0.1:8080/healthz || exit 1
