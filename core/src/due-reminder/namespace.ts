export { bookPath, dueMail, dueSubject, dueText, dueWhen } from './mail';
export { notNow, notNowMessages } from './not-now';
export { DUE_CONCURRENCY, DUE_PAGE, sendDue, sendOne } from './send';
