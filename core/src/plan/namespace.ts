/**
 * What `Plan` offers (issue 35, decision 131; what a plan is: model.ts): the admin's plans
 * (plans.ts), enrolling (enrol.ts), changing an enrolment (manage.ts: skip, pause, resume, cancel,
 * placing a visit that needs a time; `pauseEnrolment` for billing's past due), the customer's view
 * (view.ts) and by its mails' link (link.ts), placing visits (place.ts) and the `plan-visits` job (job.ts), over the store (store.ts).
 * Loading it hands booking the discount on other work (discount.ts).
 */
import './discount';

export * from './model';
export { enrol } from './enrol';
export { EnrolInput, PLAN_LIMITS, PlaceInput, PlanFields, PlanInput, SkipInput } from './input';
export { placeDue } from './job';
export { actByLink, PlanLinkAction, resendPlanLink, viewPlanLink } from './link';
export { amountsOf, issuePlanLink, termsOf } from './mail';
export { cancel, pause, pauseEnrolment, placeWaiting, resume, skip } from './manage';
export { createPlan, listPlans, planMessages, planOf, updatePlan } from './plans';
export { firstVisit, nextVisits } from './recurrence';
export { type Enrolment, enrolment, type Plan, plan, planVisit } from './store';
export { type EnrolmentView, listMine, type NextVisit } from './view';
