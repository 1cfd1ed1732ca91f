/**
 * The SES sender identity (MAIL_DOMAIN, defaulting to SITE_DOMAIN; see settings.ts).
 *
 * For a domain, SST adds the DKIM and DMARC records to the domain's Route 53
 * hosted zone, which must exist in this AWS account (existing records: decision 089). If
 * the domain's DNS lives elsewhere, set `dns: false` here and add the records
 * shown in the SES console by hand. A new AWS account is in the SES sandbox
 * (it can only mail verified addresses) until AWS grants production access.
 */
import { dnsOverride, mailDmarc, mailIdentity } from './settings';

const isDomain = !mailIdentity.includes('@');

export const email = new sst.aws.Email('Email', {
  sender: mailIdentity,
  // For a domain: its DKIM CNAMEs and `_dmarc` TXT in Route 53, replacing records of the same name
  // only with DNS_OVERRIDE=true; the DMARC policy is MAIL_DMARC (the shop's own, kept; decision 089).
  // SST refuses both arguments for a single address.
  ...(isDomain ? { dmarc: mailDmarc, dns: sst.aws.dns({ override: dnsOverride }) } : {}),
});

/*
 * Texts (issue 21, decision 077) go through AWS End User Messaging SMS from the
 * shop's origination identity (SMS_ORIGINATION_IDENTITY, a business setting):
 * the number is bought and registered in the console (docs/deploy.md). The
 * functions may send from that identity only (environment.ts
 * `smsOriginationArns`); unset, texts are off and no function may send any
 * (decision 084).
 */
