# syntax=docker/dockerfile:1
# Build stage: install everything (native better-sqlite3 compiles here) and build the console.
FROM node:20-bookworm-slim AS build
WORKDIR /app
RUN apt-get update && apt-get install -y --no-install-recommends python3 make g++ && rm -rf /var/lib/apt/lists/*
COPY package.json package-lock.json .npmrc ./
RUN npm ci --no-audit --no-fund
COPY . .
RUN npm run build && npm prune --omit=dev

# Runtime stage: production dependencies, sources (run by tsx) and the built console.
FROM node:20-bookworm-slim
# E-ink door labels are drawn with the system's fonts: Noto Sans CJK for Chinese and Japanese (docs/product-rules.md R20.4).
RUN apt-get update && apt-get install -y --no-install-recommends fonts-noto-cjk && rm -rf /var/lib/apt/lists/*
ENV NODE_ENV=production \
    PORT=8080 \
    ATRIUM_DATA_DIR=/data \
    ATRIUM_SEED_DEMO=false
WORKDIR /app
COPY --from=build --chown=node:node /app/node_modules ./node_modules
COPY --from=build --chown=node:node /app/package.json ./
COPY --from=build --chown=node:node /app/config ./config
COPY --from=build --chown=node:node /app/core ./core
COPY --from=build --chown=node:node /app/cli ./cli
COPY --from=build --chown=node:node /app/migrations ./migrations
COPY --from=build --chown=node:node /app/plugins ./plugins
RUN mkdir -p /data && chown node:node /data && ln -s /app/cli/atrium.js /usr/local/bin/atrium
USER node
VOLUME ["/data"]
EXPOSE 8080
HEALTHCHECK --interval=30s --timeout=5s --start-period=30s CMD node -e "fetch('http://127.0.0.1:'+(process.env.PORT||8080)+'/api/health').then(r=>process.exit(r.ok?0:1)).catch(()=>process.exit(1))"
# DATABASE_URL=mysql://user:pass@host:3306/db selects MySQL/MariaDB; without it, SQLite in /data.
CMD ["node", "--import", "tsx", "core/server.ts"]
