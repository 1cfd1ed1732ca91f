/// <reference path="./.sst/platform/config.d.ts" />

/**
 * AWS deployment of Mobile Auto Care (SST 4.17). See docs/deploy.md.
 *
 * The resources live in infra/, one file per concern. They are imported inside
 * run() (SST only allows resources to be created there), in dependency order:
 * storage -> secrets -> email -> web (the Router) -> api -> cron -> texts (the
 * inbound texts' subscriber; its topic is made with the first function that names it).
 * Type-check with `npm run typecheck:infra`.
 */
export default $config({
  app(input) {
    return {
      name: 'mobile-auto-care',
      home: 'aws',
      // Production data outlives `sst remove`; every other stage is disposable.
      removal: input?.stage === 'production' ? 'retain' : 'remove',
      // `sst remove --stage production` refuses to run.
      protect: input?.stage === 'production',
    };
  },
  async run() {
    const storage = await import('./infra/storage');
    await import('./infra/secrets');
    const email = await import('./infra/email');
    const web = await import('./infra/web');
    // The images bucket's policy names this site's distribution, made just now (decision 082).
    storage.grantImagesTo(web.router.nodes.cdn.nodes.distribution.arn);
    const api = await import('./infra/api');
    await import('./infra/cron');
    const texts = await import('./infra/texts');

    return {
      url: web.router.url,
      api: api.api.url,
      table: storage.table.name,
      bucket: storage.bucket.name,
      privateBucket: storage.privateBucket.name,
      sender: email.email.sender,
      // The two-way SMS channel of the shop's number (docs/deploy.md, "Texts").
      inboundTextsTopic: texts.inboundTexts.arn,
    };
  },
});
