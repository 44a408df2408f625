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
export { openState, FORM_GONE, publicFormInfo, visitorSubmitNum } from './fill.service';
export { formDetailItems } from './form-data.service';
export { formFigures } from './dashboard.service';
export type { SubmittedItem } from './forms.tables';
export { formNamesByIds } from './names.service';
