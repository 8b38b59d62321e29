# The shop's image (ADR 073): one image for the web processes and the job worker.
#   docker build -t everbloom-shop .
# Stages: `build` installs every dependency and builds the web app, the back office and
# the server renderer (dist/); `production-deps` installs the production dependencies
# only; the final stage holds those, the sources the server runs (through tsx, a
# production dependency, as `npm start` does) and dist/, and runs as the unprivileged
# `node` user.

FROM node:20-bookworm-slim AS base
WORKDIR /app
# Nothing phones home during the build or at run time.
ENV NPM_CONFIG_UPDATE_NOTIFIER=false \
    NPM_CONFIG_FUND=false \
    NPM_CONFIG_AUDIT=false

FROM base AS build
COPY package.json package-lock.json ./
RUN npm ci
COPY . .
RUN npm run build

FROM base AS production-deps
COPY package.json package-lock.json ./
RUN npm ci --omit=dev && npm cache clean --force

FROM base AS runtime
ENV NODE_ENV=production \
    HOST=0.0.0.0 \
    PORT=3000 \
    MEDIA_DIR=/app/data/media
# Code and dependencies stay owned by root: the shop's user can read them, not change
# them. Only the media folder (a volume shared by the processes) is the user's.
COPY --from=production-deps /app/node_modules ./node_modules
COPY package.json package-lock.json tsconfig.json ./
COPY src ./src
COPY --from=build /app/dist ./dist
RUN mkdir -p /app/data/media && chown -R node:node /app/data
USER node
EXPOSE 3000
# Ready: the database answers and has every migration this build knows (README,
# "Operations"). No curl in the slim image: Node's own fetch.
HEALTHCHECK --interval=10s --timeout=5s --start-period=60s --retries=3 \
    CMD ["node", "-e", "fetch('http://127.0.0.1:'+(process.env.PORT||3000)+'/readyz',{signal:AbortSignal.timeout(4000)}).then(r=>process.exit(r.ok?0:1),()=>process.exit(1))"]
# Node is process 1 and handles SIGTERM itself: it stops taking requests, finishes
# those under way and closes the pool within SHUTDOWN_GRACE_SECONDS (ADR 043).
STOPSIGNAL SIGTERM
CMD ["node", "--import", "tsx", "src/server/main.ts"]
