import { describe, expect, it } from 'vitest';
import { createUser } from '../../tests/factories';
import { Account } from './account/index';
import { SavedAddress } from './address/index';
import { type Actor, withActor } from './actor';
import { LinkToken } from './auth/link-token';
import { BookingLink } from './booking/link';
import { BookingLinkPage } from './booking-link/page';
import { CalendarFeed } from './calendar-feed/index';
import { Reminder } from './reminder/index';
import { Crew } from './crew/crew';
import { BusyCalendar } from './crew/busy-calendar';
import { Booking } from './booking/index';
import { Reschedule } from './reschedule/index';
import { Visit } from './visit/index';
import { BookingPhoto } from './photo/index';
import { Dispatch } from './dispatch/index';
import { DueReminder } from './due-reminder/index';
import { Billing } from './billing/index';
import * as DispatchBoard from './dispatch/board';
import { Session } from './auth/session';
import { Contact } from './contact/index';
import { Customer } from './customer/index';
import { VisibleError } from './error';
import { GoogleReviews } from './google-reviews/index';
import { Outbox } from './mail/outbox';
import { Notify } from './notify/index';
import { NotifySettings } from './notify/settings';
import { Marketing } from './notify/marketing';
import { Payments } from './payments/index';
import { Plan } from './plan/index';
import { Comment } from './post/comment';
import { Post } from './post/index';
import { RateLimit } from './rate-limit/index';
import { Recommended } from './recommended/index';
import { ReviewRequest } from './review-request/index';
import { ServiceRequest } from './service-request/index';
import { deleteService } from './timeslot/delete-service';
import { Service } from './service/index';
import { Testimonial } from './testimonial/index';
import { Technician } from './technician/index';
import { TextReply } from './text-reply/index';
import { TimeSlot } from './timeslot/index';
import { User } from './user/index';
import { VehicleData } from './vehicle/index';
import { Garage, GarageDue, RecommendedWork } from './garage/index';
import { VehicleHistory } from './vehicle-history/index';
import { Estimate, WorkOrder } from './workorder/index';
import { Inspection } from './workorder/inspection/index';

/**
 * Authorization lives in core: every domain verb that needs a role or an
 * owner checks it itself, whatever the HTTP layer did. This calls every
 * admin verb as nobody and as a customer, and every signed-in verb as
 * nobody, expecting a refusal each time and no write.
 *
 * Every exported function of the domain modules below must be classified
 * here, so a new verb cannot arrive unnoticed. Later issues add theirs.
 *   admin:    needs the admin role (or the system);
 *   user:     needs a signed-in user (ownership is checked inside);
 *   public:   anyone (rate limited where it costs);
 *   internal: not a verb a caller reaches with its own identity: helpers
 *             that other verbs call after their own checks, or pure
 *             functions.
 */
const modules = {
  Account,
  Billing,
  Booking,
  BookingLink,
  BookingLinkPage,
  CalendarFeed,
  BusyCalendar,
  BookingPhoto,
  Comment,
  Crew,
  Contact,
  Customer,
  Dispatch,
  DispatchBoard,
  DueReminder,
  GoogleReviews,
  LinkToken,
  Marketing,
  Notify,
  NotifySettings,
  Outbox,
  Payments,
  Plan,
  Post,
  RateLimit,
  Recommended,
  ReviewRequest,
  Reminder,
  Reschedule,
  SavedAddress,
  Service,
  ServiceDelete: { deleteService },
  ServiceRequest,
  Session,
  Technician,
  Testimonial,
  TextReply,
  TimeSlot,
  User,
  VehicleData,
  Garage,
  GarageDue,
  RecommendedWork,
  VehicleHistory,
  Visit,
  WorkOrder,
  Estimate,
  Inspection,
} as const;

type Access = 'admin' | 'user' | 'public' | 'internal';

const access: Record<string, Access> = {
  'Account.register': 'public',
  'Account.verifyEmail': 'public',
  'Account.resendVerification': 'public',
  'Account.login': 'public',
  'Account.me': 'user',
  'Account.changePassword': 'user',
  'Account.forgotPassword': 'public',
  'Account.resetPassword': 'public',
  // The one invitation (issue 32): the admin's verbs that make an account call it after their own checks.
  'Account.invite': 'internal',
  'Booking.availability': 'public',
  'Booking.availabilityAt': 'public',
  'Booking.create': 'user',
  'Booking.listMine': 'user',
  'Booking.updateVehicle': 'user',
  'Booking.cancel': 'user',
  'Billing.cancelPreview': 'user',
  'Billing.chargeDuePeriods': 'internal',
  'Billing.chargeOptionsFor': 'admin',
  // Issue 30: the completion rule and its confirm step (decision 090), the price approval (decision 091).
  'Billing.chargePreview': 'admin',
  'Booking.priceOf': 'internal',
  'WorkOrder.approvePrice': 'admin',
  'WorkOrder.sendPriceCode': 'admin',
  'Billing.listDeclined': 'admin',
  'Billing.retryCharge': 'admin',
  'Billing.retryDue': 'internal',
  'Billing.sweepPending': 'internal',
  'Billing.lateCancelPolicy': 'internal',
  'Billing.refund': 'admin',
  // Issue 35 (decision 130): the tip after the job, by the receipt's link (the token is the authority).
  'Billing.viewTipLink': 'public',
  'Billing.tipByLink': 'public',
  'Payments.refund': 'admin',
  'WorkOrder.forBooking': 'internal',
  'Booking.forReview': 'user',
  'Booking.newestToReview': 'user',
  'Booking.reviewItem': 'internal',
  'Booking.exists': 'internal',
  'Booking.history': 'admin',
  // Staff (issue 21): an admin or the job's technician; a customer is refused like an admin verb.
  'Visit.recordProgress': 'admin',
  'Visit.tracking': 'public',
  // Recommended work (issue 33, decision 126).
  'Recommended.list': 'admin',
  'Recommended.dismiss': 'admin',
  'Recommended.bookIt': 'admin',
  'Recommended.sendDue': 'admin',
  'Recommended.ofVehicle': 'user',
  'Recommended.unsubscribe': 'public',
  'Recommended.bookPath': 'internal',
  'Recommended.followUpMail': 'internal',
  'Recommended.followUpText': 'internal',
  // Photos at booking (issue 34, decision 123): the customer's drafts and who sees a booking's photos.
  'Visit.addPhoto': 'user',
  'Visit.photoBytes': 'user',
  'Visit.photosOf': 'user',
  'Visit.deleteDuePhotos': 'admin',
  'BookingPhoto.uploadDraft': 'user',
  'BookingPhoto.bytesOf': 'internal',
  'BookingPhoto.customerId': 'internal',
  'BookingPhoto.discard': 'internal',
  'BookingPhoto.encodePhoto': 'internal',
  'BookingPhoto.photoTypeOf': 'internal',
  'BookingPhoto.retainedUntil': 'internal',
  'BookingPhoto.claimItems': 'internal',
  'BookingPhoto.dueNowItems': 'internal',
  'BookingPhoto.objectKey': 'internal',
  'BookingPhoto.objectKeys': 'internal',
  'ReviewRequest.sendDue': 'admin',
  'ReviewRequest.unsubscribe': 'public',
  // "Your car is due" (issue 34, decision 124): the scheduled job's send, the notice, and the link holder's "not now".
  'DueReminder.sendDue': 'internal',
  'DueReminder.sendOne': 'internal',
  'DueReminder.bookPath': 'internal',
  'DueReminder.dueMail': 'internal',
  'DueReminder.dueSubject': 'internal',
  'DueReminder.dueText': 'internal',
  'DueReminder.dueWhen': 'internal',
  'DueReminder.notNow': 'public',
  'Marketing.mailOn': 'internal',
  'Marketing.textTo': 'internal',
  'Marketing.changed': 'internal',
  'Marketing.toReply': 'internal',
  'Marketing.prepare': 'internal',
  'Marketing.unsubscribeLink': 'internal',
  'Marketing.unsubscribe': 'public',
  'ReviewRequest.dueAfter': 'internal',
  'ReviewRequest.fileItem': 'internal',
  'ReviewRequest.find': 'internal',
  'Booking.setStatus': 'admin',
  'Booking.listAll': 'admin',
  'Booking.clientNames': 'admin',
  'Booking.paidCharges': 'admin',
  'Booking.adminCreate': 'admin',
  'Booking.relocate': 'internal',
  'Booking.assignCustomer': 'admin',
  'Booking.forConfirmation': 'public',
  'Booking.answerConfirmation': 'public',
  'Reschedule.changeAddress': 'user',
  // Issue 22 (techweb): staff verbs (an admin, or the job's technician) refuse nobody and customers as admin verbs do.
  'Dispatch.techDay': 'admin',
  // Issue 36: a customer's text, after the route verified SNS (or the topic's subscription invoked it).
  'TextReply.receive': 'internal',
  'TextReply.answerProblem': 'internal',
  'TextReply.commandOf': 'internal',
  // The staff's (an admin, or the job's technician): customers and nobody are refused.
  'TextReply.thread': 'admin',
  'TextReply.answer': 'admin',
  'TextReply.inbox': 'admin',
  'Booking.technicianOf': 'internal',
  'WorkOrder.acknowledgeInPerson': 'admin',
  // Issue 30: what the customer reads on the technician's phone before signing.
  'WorkOrder.forSigning': 'admin',
  // Issue 33 (decision 125): the estimate's lines and a call's answers are staff's; its counters internal.
  'Estimate.addLine': 'admin',
  'Estimate.proposeFinding': 'admin',
  'Estimate.updateLine': 'admin',
  'Estimate.removeLine': 'admin',
  'Estimate.recordPhoneApproval': 'admin',
  'Estimate.counterKey': 'internal',
  'Estimate.figures': 'internal',
  'Estimate.figuresOf': 'internal',
  // Issue 33 (decision 127): the estimate in the portal, by number and email; answered with a mailed code.
  'Estimate.estimateForPortal': 'public',
  'Estimate.sendPortalCode': 'public',
  'Estimate.answerInPortal': 'public',
  // Issue 21: rescheduling (decision 075).
  'Reschedule.forReschedule': 'user',
  'Reschedule.reschedule': 'user',
  'Reschedule.rescheduleTimes': 'user',
  'Reschedule.move': 'internal',
  'Reschedule.rescheduleWindow': 'internal',
  'Reschedule.rescheduleTimesFor': 'internal',
  'Reschedule.reschedulePage': 'internal',
  'BookingLinkPage.forRescheduleByLink': 'public',
  'BookingLinkPage.rescheduleByLink': 'public',
  'BookingLinkPage.rescheduleTimesByLink': 'public',
  // Issue 20: a customer's saved addresses (the admin reads a customer's with listFor).
  'SavedAddress.listMine': 'user',
  'SavedAddress.listFor': 'admin',
  'SavedAddress.create': 'user',
  'SavedAddress.update': 'user',
  'SavedAddress.remove': 'user',
  'SavedAddress.findMine': 'user',
  'SavedAddress.findOf': 'internal',
  'SavedAddress.defaultOf': 'internal',
  'SavedAddress.located': 'internal',
  'SavedAddress.removalItems': 'internal',
  'SavedAddress.placeKey': 'internal',
  'Customer.list': 'admin',
  'Customer.search': 'admin',
  'Customer.invite': 'admin',
  'Customer.find': 'internal',
  'LinkToken.refuse': 'internal',
  'LinkToken.hashOf': 'internal',
  'User.createInvited': 'admin',
  'User.customersPage': 'internal',
  'User.customersByKey': 'internal',
  'User.indexSearchKeys': 'internal',
  'VehicleData.useFetch': 'internal',
  // Issue 34: the garage (a customer's own; the desk's for a customer), the VIN decode, the history.
  // Issue 35: service plans (the admin's; a customer's own enrolments; the job's placement).
  'Plan.createPlan': 'admin',
  'Plan.updatePlan': 'admin',
  'Plan.listPlans': 'public',
  'Plan.planOf': 'public',
  'Plan.enrol': 'user',
  'Plan.listMine': 'user',
  'Plan.skip': 'user',
  'Plan.pause': 'user',
  'Plan.resume': 'user',
  'Plan.cancel': 'user',
  'Plan.placeWaiting': 'user',
  'Plan.pauseEnrolment': 'internal',
  // Decisions 133, 134: a plan by its mails' link (the token is the authority); the link's issuing is the mails'.
  'Plan.viewPlanLink': 'public',
  'Plan.actByLink': 'public',
  'Plan.resendPlanLink': 'public',
  'Plan.issuePlanLink': 'internal',
  'Plan.placeDue': 'internal',
  'Plan.amountsOf': 'internal',
  'Plan.termsOf': 'internal',
  'Plan.firstVisit': 'internal',
  'Plan.nextVisits': 'internal',
  'Garage.listMine': 'user',
  'Garage.addMine': 'user',
  'Garage.editMine': 'user',
  'Garage.removeMine': 'user',
  'Garage.addMileageMine': 'user',
  'Garage.findMine': 'user',
  'Garage.decode': 'user',
  'Garage.listFor': 'admin',
  'Garage.addFor': 'admin',
  'Garage.editFor': 'admin',
  'Garage.removeFor': 'admin',
  'Garage.addMileageFor': 'admin',
  'Garage.findOf': 'internal',
  'Garage.attach': 'internal',
  'RecommendedWork.recommendationItems': 'internal',
  'RecommendedWork.followUpAt': 'internal',
  'RecommendedWork.closeItems': 'internal',
  'RecommendedWork.openOfVehicle': 'internal',
  'RecommendedWork.outstanding': 'internal',
  'RecommendedWork.openForBooking': 'internal',
  'Garage.recommendationRef': 'internal',
  // "Your car is due" (issue 34, decision 124): pure rules and the items the completion and the job write.
  'GarageDue.milesPerDay': 'internal',
  'GarageDue.nextDue': 'internal',
  'GarageDue.intoDaytime': 'internal',
  'GarageDue.firstTouchAt': 'internal',
  'GarageDue.secondTouchAt': 'internal',
  'GarageDue.dueItemId': 'internal',
  'GarageDue.daytime': 'internal',
  'GarageDue.completionDueItems': 'internal',
  'GarageDue.dueOf': 'internal',
  'Garage.historyEntry': 'internal',
  'Garage.useFetch': 'internal',
  'Garage.isVehicleClass': 'internal',
  'VehicleHistory.historyMine': 'user',
  'VehicleHistory.historyFor': 'admin',
  'VehicleHistory.historyForJob': 'admin',
  'Booking.garageVehicleOf': 'internal',
  'VehicleData.makes': 'admin',
  'VehicleData.models': 'admin',
  'Comment.create': 'user',
  'Comment.list': 'public',
  'Comment.removeAllOf': 'internal',
  // Issue 22: the technicians (decision 078).
  'Crew.shifts': 'internal',
  'Crew.upcoming': 'internal',
  'Dispatch.reassign': 'admin',
  'Dispatch.upcomingOf': 'admin',
  'Technician.list': 'internal',
  'Technician.get': 'internal',
  'Technician.ofUser': 'internal',
  'Technician.crewOn': 'internal',
  'Technician.defaultHours': 'internal',
  'Technician.nameOf': 'internal',
  'Technician.offDuty': 'internal',
  'Technician.offDutyMessage': 'internal',
  'Technician.assertWorks': 'internal',
  'Technician.me': 'user',
  'Technician.invite': 'admin',
  'Technician.update': 'admin',
  'Technician.setActive': 'admin',
  'Technician.ensureNumbered': 'admin',
  'Technician.giveAccount': 'admin',
  'Crew.days': 'internal',
  'Crew.dayOf': 'internal',
  'Crew.routeJob': 'internal',
  'Crew.dayJob': 'internal',
  'Crew.routes': 'internal',
  'Crew.rules': 'internal',
  'Crew.writeItem': 'internal',
  'Crew.releaseItem': 'internal',
  // Issue 36 (decision 118): the technicians' and the admin's calendar feeds. The address is a staff
  // member's own (a technician account that is no shop technician is refused); the feed is its token's.
  'Crew.window': 'internal',
  'CalendarFeed.address': 'admin',
  'CalendarFeed.renew': 'admin',
  'CalendarFeed.feed': 'public',
  'Contact.send': 'public',
  'GoogleReviews.writeSample': 'internal',
  'GoogleReviews.fromPlaceDetails': 'internal',
  'GoogleReviews.fetchFromPlaces': 'internal',
  'GoogleReviews.list': 'public',
  'GoogleReviews.resetWarnings': 'internal',
  'LinkToken.prepare': 'internal',
  'LinkToken.issue': 'internal',
  // The link flow table (issue 32, decision 110): the one view and the one use, each flow's checks before them.
  'LinkToken.view': 'internal',
  'LinkToken.use': 'internal',
  'LinkToken.removeItem': 'internal',
  // Booking links (issue 21): token helpers the public link routes call after their own checks.
  'BookingLink.startOf': 'internal',
  'BookingLink.prepare': 'internal',
  'BookingLink.issue': 'internal',
  'BookingLink.inspect': 'internal',
  'BookingLink.allowed': 'internal',
  'BookingLink.moved': 'internal',
  'BookingLink.refuse': 'internal',
  'BookingLink.pageUrl': 'internal',
  'BookingLink.rescheduleUrl': 'internal',
  'BookingLinkPage.view': 'public',
  'BookingLinkPage.attend': 'public',
  'BookingLinkPage.cancel': 'public',
  // Reminders (issue 21): the scheduled job's and the booking's transactions' helpers.
  'Reminder.dueItems': 'internal',
  'Reminder.dueTimes': 'internal',
  'Reminder.insideWindow': 'internal',
  'Reminder.remindable': 'internal',
  'Reminder.removeItems': 'internal',
  'Reminder.rescheduleItems': 'internal',
  'Reminder.statusItems': 'internal',
  'Reminder.wasSent': 'internal',
  'Reminder.isOneSegment': 'internal',
  'Reminder.reminderMail': 'internal',
  'Reminder.reminderText': 'internal',
  'Reminder.sendDue': 'internal',
  'Outbox.prepare': 'internal',
  'Outbox.prepareWithFiles': 'internal',
  'Outbox.deliver': 'internal',
  'Outbox.send': 'internal',
  'Outbox.drain': 'internal',
  'Outbox.find': 'internal',
  // Issue 21: texts in the outbox, the given-up list (the admin's Today), Notify and the customer's settings.
  'Outbox.prepareText': 'internal',
  'Outbox.gaveUp': 'admin',
  // Decision 109: Notify hands the outbox its consent check for texts at load.
  'Outbox.useTextConsent': 'internal',
  'Notify.channelsFor': 'internal',
  'Notify.prepare': 'internal',
  'Notify.deliver': 'internal',
  'NotifySettings.preferencesOf': 'internal',
  'NotifySettings.textsTo': 'internal',
  'NotifySettings.toReply': 'internal',
  'NotifySettings.consent': 'internal',
  'NotifySettings.read': 'user',
  'NotifySettings.update': 'user',
  'NotifySettings.optedOutByReply': 'internal',
  'Payments.publicConfig': 'public',
  'Payments.saveCard': 'user',
  'Payments.charge': 'admin',
  'Payments.createPaymentLink': 'admin',
  // A hook billing sets when it loads (decision 132), never a caller's verb.
  'Payments.onCardSaved': 'internal',
  'Post.create': 'admin',
  'Post.publish': 'admin',
  'Post.edit': 'admin',
  'Post.remove': 'admin',
  'Post.find': 'internal',
  'Post.fromId': 'public',
  'Post.fromSlug': 'public',
  'Post.list': 'public',
  'Post.forSitemap': 'public',
  'Post.like': 'user',
  'RateLimit.hit': 'internal',
  'RateLimit.release': 'internal',
  'Service.create': 'admin',
  'Service.fromId': 'public',
  'Service.list': 'public',
  // Issue 12: the service manager.
  'Service.update': 'admin',
  'Service.remove': 'admin',
  'Service.existsItem': 'internal',
  // Issue 34: class rates and add-ons (decision 122).
  'Service.listAddOns': 'public',
  'Service.addAddOn': 'admin',
  'Service.changeAddOn': 'admin',
  'Service.deleteAddOn': 'admin',
  'Service.quoteFor': 'internal',
  'ServiceDelete.deleteService': 'admin',
  'ServiceRequest.submit': 'public',
  'Session.issue': 'internal',
  'Session.verify': 'internal',
  'Testimonial.create': 'admin',
  'Testimonial.fromId': 'public',
  'Testimonial.list': 'public',
  'Testimonial.featured': 'public',
  'Testimonial.vote': 'user',
  'Testimonial.submit': 'user',
  'Testimonial.setAuthor': 'admin',
  'Testimonial.setFeatured': 'admin',
  'Testimonial.remove': 'admin',
  'TimeSlot.onDate': 'internal',
  'TimeSlot.pageBetween': 'internal',
  'TimeSlot.serviceHasSlots': 'internal',
  'TimeSlot.ensureWindow': 'admin',
  'TimeSlot.bookItem': 'internal',
  'TimeSlot.freeItem': 'internal',
  'TimeSlot.systemStats': 'admin',
  // Issue 12: the Time Slot Manager.
  'TimeSlot.list': 'admin',
  'TimeSlot.statistics': 'admin',
  'TimeSlot.serviceStats': 'admin',
  'TimeSlot.create': 'admin',
  'TimeSlot.createBulk': 'admin',
  'TimeSlot.createForService': 'admin',
  'TimeSlot.setAvailable': 'admin',
  'TimeSlot.remove': 'admin',
  'TimeSlot.removeMany': 'admin',
  'TimeSlot.retireService': 'admin',
  'User.toMe': 'internal',
  'User.create': 'internal',
  'User.createWith': 'internal',
  'User.ensureAdmin': 'admin',
  'User.find': 'internal',
  'User.findByEmail': 'internal',
  'User.setPassword': 'internal',
  'User.setCard': 'internal',
  'User.setPhoneIfNone': 'internal',
  'User.contactPhone': 'internal',
  'User.remove': 'admin',
  // Issue 13: work orders.
  'WorkOrder.fail': 'internal',
  'WorkOrder.formatNumber': 'internal',
  'WorkOrder.contentDigest': 'internal',
  'WorkOrder.view': 'internal',
  'WorkOrder.defaults': 'admin',
  'WorkOrder.create': 'admin',
  'WorkOrder.get': 'admin',
  'WorkOrder.list': 'admin',
  'WorkOrder.update': 'admin',
  'WorkOrder.setStatus': 'admin',
  'WorkOrder.remove': 'admin',
  'WorkOrder.forPdf': 'admin',
  'WorkOrder.sendEmail': 'admin',
  'WorkOrder.generateAcknowledgment': 'admin',
  'WorkOrder.expireAcknowledgments': 'admin',
  'WorkOrder.signatureOf': 'admin',
  // Issue 22: Today and the board (admin), the inspection and its photos (staff: an admin or the job's
  // technician; the customer's reads by link or portal check their own proof).
  'DispatchBoard.awaitingVerification': 'admin',
  'DispatchBoard.board': 'admin',
  'Dispatch.jobState': 'internal',
  // Issue 32: the Dispatch namespace (decision 106) is in the table now: Today and the board (decision 081).
  'Dispatch.board': 'admin',
  'Dispatch.today': 'admin',
  // Issue 36 (decision 119): a technician's own calendar address (the admin names them; a technician is
  // themselves, so the test's technician without a record is refused), Today's failing ones, the job.
  'BusyCalendar.get': 'admin',
  'BusyCalendar.set': 'admin',
  'BusyCalendar.failing': 'admin',
  'BusyCalendar.readDue': 'internal',
  'WorkOrder.awaitingAcknowledgment': 'admin',
  'Inspection.setInspection': 'admin',
  'Inspection.addPhoto': 'admin',
  'Inspection.photoForStaff': 'admin',
  'Inspection.removePhoto': 'admin',
  'Inspection.forCustomer': 'internal',
  'Inspection.photoForLink': 'public',
  'Inspection.photoForPortal': 'public',
  'Inspection.inspectionForPortal': 'public',
  'WorkOrder.forPortal': 'public',
  'WorkOrder.forAcknowledgment': 'public',
  'WorkOrder.acknowledge': 'public',
};

const someId = (kind: string) => `${kind}_01JZZZZZZZZZZZZZZZZZZZZZZZ`;
/** A garage vehicle as the Vehicles form sends it (issue 34). */
const sneakyVehicle = { year: 2015, make: 'Honda', model: 'Fit', color: 'Red' };

/** A valid call of each admin and signed-in verb (so a refusal is about identity, not input). */
const sneakyPlan = {
  name: 'Sneaky plan',
  description: '',
  serviceId: someId('svc'),
  recurrence: 'FREQ=WEEKLY;INTERVAL=1;BYDAY=SA',
  priceKind: 'per-visit' as const,
  priceCents: 100,
  discountPercent: 0,
  autoRenew: true,
  minimumMonths: 0,
  cancellation: 'Any time.',
  active: true,
};

const calls: Record<string, () => Promise<unknown>> = {
  'Service.create': () =>
    Service.create({ name: 'Sneaky', description: 'Not allowed.', priceCents: 100, duration: 30 }),
  'Post.create': () => Post.create({ title: 'Sneaky post', content: 'Not allowed.' }),
  'Testimonial.create': () => Testimonial.create({ quote: 'Not allowed.', rating: 5 }),
  'Testimonial.setAuthor': () =>
    Testimonial.setAuthor({ testimonialId: someId('tst'), authorName: 'Sneaky' }),
  'Testimonial.setFeatured': () => Testimonial.setFeatured({ testimonialId: someId('tst'), featured: true }),
  'Testimonial.remove': () => Testimonial.remove(someId('tst')),
  'Post.publish': () => Post.publish({ title: 'Sneaky post', content: 'Not allowed.' }),
  'Post.edit': () => Post.edit(someId('pst'), { title: 'Sneaky post', content: 'Not allowed.' }),
  'Post.remove': () => Post.remove(someId('pst')),
  'User.ensureAdmin': () =>
    User.ensureAdmin({
      email: 'sneaky-admin@example.com',
      password: 'long-enough-9',
      firstName: 'S',
      lastName: 'A',
    }),
  'User.remove': () => User.remove(someId('usr')),
  'Account.me': () => Account.me(),
  'Account.changePassword': () =>
    Account.changePassword({ currentPassword: 'whatever-1', newPassword: 'new-password-77' }),
  'Outbox.gaveUp': () => Outbox.gaveUp({ limit: 10 }),
  'NotifySettings.read': () => NotifySettings.read(),
  'NotifySettings.update': () => NotifySettings.update({ texts: { optIn: true, mobile: '(610) 555-0123' } }),
  'Comment.create': () => Comment.create({ text: 'Hi', postId: someId('pst') }),
  'Post.like': () => Post.like(someId('pst')),
  'Testimonial.vote': () => Testimonial.vote({ testimonialId: someId('tst'), voteType: 'like' }),
  'Payments.saveCard': () => Payments.saveCard({ sourceId: 'cnon:card-nonce-ok' }),
  'Payments.createPaymentLink': () =>
    Payments.createPaymentLink({ idempotencyKey: 'authorization-test', referenceId: 'x', lines: [] }),
  'Payments.charge': () =>
    Payments.charge({ userId: someId('usr'), amountCents: 100, idempotencyKey: 'authorization-test' }),
  'Testimonial.submit': () =>
    Testimonial.submit({ bookingId: someId('bkg'), serviceId: someId('svc'), quote: 'Sneaky', rating: 5 }),
  'Booking.create': () =>
    Booking.create({
      clientFirstName: 'S',
      clientLastName: 'N',
      vehicleMake: 'Honda',
      vehicleModel: 'Fit',
      vehicleYear: 2015,
      vehicleColor: 'Red',
      notes: '',
      serviceId: someId('svc'),
      date: '2030-01-07',
      time: '09:00',
    }),
  'Booking.listMine': () => Booking.listMine(),
  'Booking.updateVehicle': () =>
    Booking.updateVehicle(someId('bkg'), {
      vehicleMake: 'Honda',
      vehicleModel: 'Fit',
      vehicleYear: 2015,
      vehicleColor: 'Red',
    }),
  'Booking.cancel': () => Booking.cancel(someId('bkg')),
  'Billing.cancelPreview': () => Billing.cancelPreview(someId('bkg')),
  'Billing.chargeOptionsFor': () => Billing.chargeOptionsFor(someId('bkg')),
  'Billing.chargePreview': () => Billing.chargePreview(someId('bkg'), {}),
  'WorkOrder.approvePrice': () => WorkOrder.approvePrice(someId('wo'), { totalCents: 100 }),
  'WorkOrder.sendPriceCode': () => WorkOrder.sendPriceCode(someId('wo')),
  'Billing.listDeclined': () => Billing.listDeclined({}),
  'Billing.retryCharge': () => Billing.retryCharge(someId('bkg')),
  'Billing.refund': () => Billing.refund(someId('bkg'), { amountCents: 100, reason: 'authorization test' }),
  'Payments.refund': () =>
    Payments.refund({ providerPaymentId: 'p', amountCents: 100, idempotencyKey: 'authorization-test' }),
  'Booking.forReview': () => Booking.forReview(someId('bkg')),
  'Booking.newestToReview': () => Booking.newestToReview(someId('svc')),
  'Booking.setStatus': () => Booking.setStatus(someId('bkg'), { status: 'Completed' }),
  'Booking.history': () => Booking.history(someId('bkg')),
  'ReviewRequest.sendDue': () => ReviewRequest.sendDue(),
  'Recommended.list': () => Recommended.list({}),
  'Recommended.dismiss': () => Recommended.dismiss({ vehicleId: someId('veh'), id: someId('rec') }),
  'Recommended.bookIt': () => Recommended.bookIt({ vehicleId: someId('veh'), id: someId('rec') }),
  'Recommended.sendDue': () => Recommended.sendDue(),
  'Recommended.ofVehicle': () => Recommended.ofVehicle(someId('veh')),
  'Visit.recordProgress': () => Visit.recordProgress(someId('bkg'), { step: 'on-my-way' }),
  'Visit.addPhoto': () => Visit.addPhoto(someId('bkg'), someId('pho')),
  'Visit.photoBytes': () => Visit.photoBytes(someId('bkg'), someId('pho')),
  'Visit.photosOf': () => Visit.photosOf(someId('bkg')),
  'Visit.deleteDuePhotos': () => Visit.deleteDuePhotos(),
  'BookingPhoto.uploadDraft': () => BookingPhoto.uploadDraft(new Uint8Array([0xff, 0xd8, 0xff, 0xe0])),
  'Booking.listAll': () => Booking.listAll({}),
  'Booking.clientNames': () => Booking.clientNames([someId('bkg')]),
  'Booking.paidCharges': () => Booking.paidCharges([someId('bkg')]),
  'Booking.adminCreate': () =>
    Booking.adminCreate({
      isCustomService: true,
      customServiceName: 'Sneaky',
      customServicePriceCents: 1000,
      date: '2030-01-07',
      time: '10:00',
      clientFirstName: 'S',
      clientLastName: 'N',
      vehicleMake: 'Honda',
      vehicleModel: 'Fit',
      vehicleYear: 2015,
    }),
  'Booking.assignCustomer': () =>
    Booking.assignCustomer(someId('bkg'), { customerId: someId('usr'), customerEmail: 'x@example.com' }),
  'Customer.list': () => Customer.list(),
  'VehicleData.makes': () => VehicleData.makes(),
  // Issue 34.
  // Issue 35.
  'Plan.createPlan': () => Plan.createPlan(sneakyPlan),
  'Plan.updatePlan': () => Plan.updatePlan(someId('pln'), sneakyPlan),
  'Plan.enrol': () =>
    Plan.enrol({
      planId: someId('pln'),
      vehicleId: someId('veh'),
      addressId: someId('adr'),
      firstDate: '2030-01-05',
      time: '09:00',
      agree: true,
    }),
  'Plan.listMine': () => Plan.listMine(),
  'Plan.skip': () => Plan.skip(someId('enr'), { date: '2030-01-05' }),
  'Plan.pause': () => Plan.pause(someId('enr')),
  'Plan.resume': () => Plan.resume(someId('enr')),
  'Plan.cancel': () => Plan.cancel(someId('enr')),
  'Plan.placeWaiting': () =>
    Plan.placeWaiting(someId('enr'), { date: '2030-01-05', at: { date: '2030-01-05', time: '09:00' } }),
  'Garage.listMine': () => Garage.listMine(),
  'Garage.addMine': () => Garage.addMine(sneakyVehicle),
  'Garage.editMine': () => Garage.editMine(someId('veh'), sneakyVehicle),
  'Garage.removeMine': () => Garage.removeMine(someId('veh')),
  'Garage.addMileageMine': () => Garage.addMileageMine(someId('veh'), { miles: 10 }),
  'Garage.findMine': () => Garage.findMine(someId('veh')),
  'Garage.decode': () => Garage.decode('1FTEW1E56KFA12345'),
  'Garage.listFor': () => Garage.listFor(someId('usr')),
  'Garage.addFor': () => Garage.addFor(someId('usr'), sneakyVehicle),
  'Garage.editFor': () => Garage.editFor(someId('usr'), someId('veh'), sneakyVehicle),
  'Garage.removeFor': () => Garage.removeFor(someId('usr'), someId('veh')),
  'Garage.addMileageFor': () => Garage.addMileageFor(someId('usr'), someId('veh'), { miles: 10 }),
  'VehicleHistory.historyMine': () => VehicleHistory.historyMine(someId('veh'), {}),
  'VehicleHistory.historyFor': () => VehicleHistory.historyFor(someId('usr'), someId('veh'), {}),
  'VehicleHistory.historyForJob': () => VehicleHistory.historyForJob(someId('bkg'), {}),
  'VehicleData.models': () => VehicleData.models('Toyota'),
  'Customer.search': () => Customer.search('a'),
  'Customer.invite': () =>
    Customer.invite({ firstName: 'S', lastName: 'N', email: 'sneaky-customer@example.com' }),
  'User.createInvited': () =>
    User.createInvited({ firstName: 'S', lastName: 'N', email: 'sneaky-invited@example.com' }, () => []),
  'TimeSlot.ensureWindow': () =>
    TimeSlot.ensureWindow({
      _id: someId('svc'),
      name: 'Sneaky',
      description: 'Not allowed.',
      priceCents: 100,
      duration: 30,
      availableDays: [],
      availableTimes: ['09:00'],
    }),
  'TimeSlot.systemStats': () => TimeSlot.systemStats(),
  // Issue 20.
  'Reschedule.changeAddress': () =>
    Reschedule.changeAddress(someId('bkg'), {
      serviceAddress: { street: '1 Main St', city: 'Exton', state: 'PA', zipCode: '19341' },
    }),
  // Issue 21: rescheduling.
  'Reschedule.forReschedule': () => Reschedule.forReschedule(someId('bkg')),
  'Reschedule.reschedule': () => Reschedule.reschedule(someId('bkg'), { date: '2030-01-07', time: '09:00' }),
  'Reschedule.rescheduleTimes': () => Reschedule.rescheduleTimes(someId('bkg'), { date: '2030-01-07' }),
  'SavedAddress.listMine': () => SavedAddress.listMine(),
  'SavedAddress.listFor': () => SavedAddress.listFor(someId('usr')),
  'SavedAddress.create': () =>
    SavedAddress.create({ street: '1 Main St', city: 'Exton', state: 'PA', zipCode: '19341' }),
  'SavedAddress.update': () =>
    SavedAddress.update(someId('adr'), { street: '1 Main St', city: 'Exton', state: 'PA', zipCode: '19341' }),
  'SavedAddress.remove': () => SavedAddress.remove(someId('adr')),
  'SavedAddress.findMine': () => SavedAddress.findMine(someId('adr')),
  // Issue 12.
  'Service.update': () =>
    Service.update({
      serviceId: someId('svc'),
      name: 'Sneaky',
      description: 'Not allowed.',
      priceCents: 100,
      duration: 30,
    }),
  'Service.remove': () => Service.remove(someId('svc')),
  'Service.addAddOn': () => Service.addAddOn({ name: 'Sneaky', priceCents: 100, minutes: 10 }),
  'Service.changeAddOn': () =>
    Service.changeAddOn({ addOnId: someId('add'), name: 'Sneaky', priceCents: 100, minutes: 10 }),
  'Service.deleteAddOn': () => Service.deleteAddOn(someId('add')),
  'ServiceDelete.deleteService': () => deleteService(someId('svc')),
  'TimeSlot.list': () => TimeSlot.list({}),
  'TimeSlot.statistics': () => TimeSlot.statistics(),
  'TimeSlot.serviceStats': () => TimeSlot.serviceStats(someId('svc')),
  'TimeSlot.create': () => TimeSlot.create({ serviceId: someId('svc'), date: '2030-01-07', time: '09:00' }),
  'TimeSlot.createBulk': () =>
    TimeSlot.createBulk({ serviceId: someId('svc'), dates: ['2030-01-07'], times: ['09:00'] }),
  'TimeSlot.createForService': () =>
    TimeSlot.createForService({
      serviceId: someId('svc'),
      availableTimes: ['09:00'],
      availableDays: ['Monday'],
      startDate: '2030-01-07',
      endDate: '2030-01-08',
    }),
  'TimeSlot.setAvailable': () => TimeSlot.setAvailable(someId('slt'), false),
  'TimeSlot.remove': () => TimeSlot.remove(someId('slt')),
  'TimeSlot.removeMany': () => TimeSlot.removeMany({ ids: [someId('slt')] }),
  'TimeSlot.retireService': () => TimeSlot.retireService(someId('svc')),
  // Issue 13.
  'WorkOrder.defaults': async () => WorkOrder.defaults(),
  'WorkOrder.create': () =>
    WorkOrder.create({
      customer: { name: 'Sneaky', email: 'sneaky-wo@example.com', phone: '6105550100' },
      vehicle: { year: 2015, make: 'Honda', model: 'Fit' },
      serviceDetails: { description: 'Not allowed.' },
    }),
  'WorkOrder.get': () => WorkOrder.get(someId('wo')),
  'WorkOrder.list': () => WorkOrder.list({}),
  'WorkOrder.update': () => WorkOrder.update(someId('wo'), { status: 'billed' }),
  'WorkOrder.setStatus': () => WorkOrder.setStatus(someId('wo'), { status: 'billed' }),
  'WorkOrder.remove': () => WorkOrder.remove(someId('wo')),
  'WorkOrder.forPdf': () => WorkOrder.forPdf(someId('wo')),
  'WorkOrder.sendEmail': () => WorkOrder.sendEmail(someId('wo'), async () => new Uint8Array()),
  'WorkOrder.generateAcknowledgment': () => WorkOrder.generateAcknowledgment(someId('wo')),
  'WorkOrder.expireAcknowledgments': () => WorkOrder.expireAcknowledgments(),
  'WorkOrder.signatureOf': () => WorkOrder.signatureOf(someId('wo')),
  'DispatchBoard.awaitingVerification': () => DispatchBoard.awaitingVerification('2030-01-07', 10),
  'DispatchBoard.board': () => DispatchBoard.board('2030-01-07', 1),
  'Dispatch.board': () => Dispatch.board({ from: '2030-01-07', days: 1 }),
  'Dispatch.today': () => Dispatch.today({ date: '2030-01-07' }),
  'BusyCalendar.get': () => BusyCalendar.get({ technician: 1 }),
  'BusyCalendar.set': () =>
    BusyCalendar.set({ technician: 1 }, { address: 'https://calendar.example.com/a.ics' }),
  'BusyCalendar.failing': () => BusyCalendar.failing(),
  'WorkOrder.awaitingAcknowledgment': () => WorkOrder.awaitingAcknowledgment({ limit: 10 }),
  'Inspection.setInspection': () =>
    Inspection.setInspection(someId('wo'), { items: [{ category: 'tyres', condition: 'good' }] }),
  'Inspection.addPhoto': () => Inspection.addPhoto(someId('wo'), Buffer.from([0xff, 0xd8, 0xff, 0xe0])),
  'Inspection.photoForStaff': () => Inspection.photoForStaff(someId('wo'), someId('wo'), 'full'),
  'Inspection.removePhoto': () => Inspection.removePhoto(someId('wo'), someId('wo')),
  'Dispatch.techDay': () => Dispatch.techDay({ date: '2030-01-07', technician: 1 }),
  'CalendarFeed.address': () => CalendarFeed.address(),
  'CalendarFeed.renew': () => CalendarFeed.renew(),
  'TextReply.thread': () => TextReply.thread(someId('bkg')),
  'TextReply.answer': () => TextReply.answer(someId('bkg'), { body: 'Hello' }),
  'TextReply.inbox': () => TextReply.inbox({ limit: 10 }),
  'WorkOrder.forSigning': () => WorkOrder.forSigning(someId('wo')),
  'WorkOrder.acknowledgeInPerson': () =>
    WorkOrder.acknowledgeInPerson(someId('wo'), { acknowledgedBy: { name: 'Sneaky' }, signature: null }),
  // Issue 33.
  'Estimate.addLine': () => Estimate.addLine(someId('wo'), { description: 'Sneaky line' }),
  'Estimate.proposeFinding': () => Estimate.proposeFinding(someId('wo'), { category: 'brakes' }),
  'Estimate.updateLine': () => Estimate.updateLine(someId('wo'), 'eln_x', { description: 'Sneaky line' }),
  'Estimate.removeLine': () => Estimate.removeLine(someId('wo'), 'eln_x'),
  'Estimate.recordPhoneApproval': () =>
    Estimate.recordPhoneApproval(someId('wo'), {
      decisions: [],
      calledAt: new Date().toISOString(),
      number: '(610) 555-0199',
      person: 'Sneaky',
    }),
  // Issue 22.
  'Dispatch.reassign': () => Dispatch.reassign(someId('bkg'), { technician: 1 }),
  'Dispatch.upcomingOf': () => Dispatch.upcomingOf(1),
  'Technician.me': () => Technician.me(),
  'Technician.invite': () =>
    Technician.invite({ firstName: 'S', lastName: 'N', email: 'sneaky-technician@example.com' }),
  'Technician.update': () => Technician.update(1, { dayStart: '08:00' }),
  'Technician.setActive': () => Technician.setActive(1, false),
  'Technician.ensureNumbered': () => Technician.ensureNumbered(5),
  'Technician.giveAccount': () =>
    Technician.giveAccount(1, {
      firstName: 'S',
      lastName: 'N',
      email: 'sneaky-tech@example.com',
      password: 'long-enough-9',
    }),
};

const nobody: Actor = { type: 'public' };

/** Verbs an admin or the job's technician may call (issue 22): a technician gets past the role. */
const staffVerbs = new Map([
  // Issue 36: a booking's text thread, read and answered by the job's technician (this call's job is nobody's).
  ['TextReply.thread', 'not_found'],
  ['TextReply.answer', 'not_found'],
  ['Visit.recordProgress', 'not_found'],
  // The technician's phone (issue 22, decision 079): completion, the job's work order, its in-person
  // acknowledgment (these calls' ids are nobody's: not found); the work-order form's defaults are staff's.
  ['Booking.setStatus', 'not_found'],
  ['WorkOrder.get', 'not_found'],
  ['WorkOrder.acknowledgeInPerson', 'not_found'],
  ['WorkOrder.forSigning', 'not_found'],
  ['WorkOrder.defaults', 'allowed'],
  // Issue 33: the estimate (decision 125), the work order looked up before the job decides.
  ['Estimate.addLine', 'not_found'],
  ['Estimate.proposeFinding', 'not_found'],
  ['Estimate.updateLine', 'not_found'],
  ['Estimate.removeLine', 'not_found'],
  ['Estimate.recordPhoneApproval', 'not_found'],
  // Issue 30: what completing charges (decision 090), the customer's code (decision 091).
  ['Billing.chargePreview', 'not_found'],
  ['WorkOrder.sendPriceCode', 'not_found'],
  // The inspection and its photos (decision 080): the work order is looked up before the job decides.
  ['Inspection.setInspection', 'not_found'],
  ['Inspection.addPhoto', 'not_found'],
  ['Inspection.photoForStaff', 'not_found'],
  ['Inspection.removePhoto', 'not_found'],
]);

async function refusal(actor: Actor, call: () => Promise<unknown>): Promise<string> {
  try {
    await withActor(actor, call);
    return 'allowed';
  } catch (error) {
    return error instanceof VisibleError ? error.kind : `threw ${String(error)}`;
  }
}

const counts = async () => ({
  services: (await Service.list()).length,
  posts: (await Post.list({ limit: 100_000, budget: 100_000 })).items.length,
  testimonials: (await Testimonial.list({ limit: 100_000, budget: 100_000 })).items.length,
  sneakyAdmin: (await User.findByEmail('sneaky-admin@example.com')) !== undefined,
  sneakyCustomers: (
    await User.customersPage({ limit: 100, budget: 100_000, filter: (u) => u.email.startsWith('sneaky-') })
  ).items.length,
});

describe('authorization in core', () => {
  it('classifies every exported verb of the domain modules', () => {
    const verbs = Object.entries(modules).flatMap(([name, module]) =>
      Object.entries(module)
        .filter(([, value]) => typeof value === 'function')
        .map(([verb]) => `${name}.${verb}`),
    );
    const unclassified = verbs.filter((verb) => !(verb in access));
    expect(unclassified, 'verbs missing from the access table').toEqual([]);
    const stale = Object.keys(access).filter((verb) => !verbs.includes(verb));
    expect(stale, 'access entries for verbs that no longer exist').toEqual([]);
  });

  it('has a call for every admin and signed-in verb', () => {
    const guarded = Object.entries(access)
      .filter(([, level]) => level === 'admin' || level === 'user')
      .map(([verb]) => verb);
    expect(Object.keys(calls).sort()).toEqual(guarded.sort());
  });

  it('refuses every admin verb to nobody (401) and to a customer (403), writing nothing', async () => {
    const customer = await createUser();
    const asCustomer: Actor = { type: 'user', userId: customer._id, role: 'user', firstName: 'Casey' };
    const asTechnician: Actor = { type: 'user', userId: customer._id, role: 'technician', firstName: 'Tess' };
    const before = await counts();
    const admin = Object.entries(access).filter(([, level]) => level === 'admin');
    for (const [verb] of admin) {
      const call = calls[verb];
      if (!call) throw new Error(`no call for ${verb}`);
      expect(`${verb}: ${await refusal(nobody, call)}`).toBe(`${verb}: unauthorized`);
      expect(`${verb}: ${await refusal(asCustomer, call)}`).toBe(`${verb}: forbidden`);
      // A technician (issue 22) is staff, not the admin: refused the same, except on the staff verbs,
      // where the job decides (this call's job is nobody's: not found).
      const asStaff = await refusal(asTechnician, call);
      expect(`${verb}: ${asStaff}`).toBe(`${verb}: ${staffVerbs.get(verb) ?? 'forbidden'}`);
    }
    expect(await counts()).toEqual(before);
  });

  it('refuses every signed-in verb to nobody (401)', async () => {
    const user = Object.entries(access).filter(([, level]) => level === 'user');
    for (const [verb] of user) {
      const call = calls[verb];
      if (!call) throw new Error(`no call for ${verb}`);
      expect(`${verb}: ${await refusal(nobody, call)}`).toBe(`${verb}: unauthorized`);
    }
  });

  it('lets only an admin or the system make an admin or a pre-verified account', async () => {
    const input = { firstName: 'A', lastName: 'B', password: 'long-enough-9' };
    const tryCreate = (actor: Actor, extra: Partial<Parameters<typeof User.create>[0]>) =>
      refusal(actor, () =>
        User.create({ ...input, email: `x-${crypto.randomUUID().slice(0, 8)}@example.com`, ...extra }),
      );
    expect(await tryCreate(nobody, { role: 'admin' })).toBe('unauthorized');
    expect(await tryCreate(nobody, { emailVerified: true })).toBe('unauthorized');
    expect(await tryCreate(nobody, {})).toBe('allowed');
    expect(await tryCreate({ type: 'system', name: 'test' }, { role: 'admin' })).toBe('allowed');
  });
});
