export { formsHandlers } from './forms.routes';
export { checkAnswers, toDetailItem } from './answers';
export {
  formById,
  type FormRow,
  insertSubmission,
  lockVisitorSubmissions,
  publicFormById,
  releaseFormPlace,
  setSubmissionStatus,
  type SubmissionRow,
  takeFormPlace,
  visitorSubmissionCount,
} from './workflow.service';
export { openFormOwner, openState, FORM_GONE, publicFormInfo, visitorSubmitNum } from './fill.service';
export { formDetailItems, listSubmissions, type SubmissionOrderNos } from './form-data.service';
export { formIdsNameContaining, formNamesByIds } from './names.service';
export { formFigures } from './dashboard.service';
export type { SubmittedItem } from './forms.tables';
