/**
 * The SNS topic customers' replies by text arrive on (issue 36, decision 120):
 * the shop's number's two-way SMS channel publishes each inbound text to it
 * (docs/deploy.md, "Texts"). End User Messaging may publish to it (the topic
 * policy, for this account only); infra/texts.ts subscribes the function.
 */
export const inboundTexts = new sst.aws.SnsTopic('InboundTexts');

const account = aws.getCallerIdentityOutput().accountId;

new aws.sns.TopicPolicy('InboundTextsPublish', {
  arn: inboundTexts.arn,
  policy: $jsonStringify({
    Version: '2012-10-17',
    Statement: [
      {
        Sid: 'EndUserMessagingPublishes',
        Effect: 'Allow',
        Principal: { Service: 'sms-voice.amazonaws.com' },
        Action: 'sns:Publish',
        Resource: inboundTexts.arn,
        Condition: { StringEquals: { 'aws:SourceAccount': account } },
      },
    ],
  }),
});
