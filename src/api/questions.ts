import {
  checkoutQuestionsResponse,
  type QuestionRequest,
  questionListResponse,
} from '../../contract/questions';
import { getJson, sendJson } from './http';

/** Checkout questions (contract/questions.ts, decision 045): the organiser's editor and the buyer's checkout. */

const id = encodeURIComponent;
const list = (r: { questions: import('../../contract/questions').Question[] }) => r.questions;

export const fetchQuestions = (eventId: string) =>
  getJson(`events/${id(eventId)}/questions`, questionListResponse).then(list);

export const saveQuestion = ({
  eventId,
  questionId,
  body,
}: {
  eventId: string;
  questionId: string | null;
  body: QuestionRequest;
}) =>
  (questionId
    ? sendJson('put', `events/${id(eventId)}/questions/${id(questionId)}`, body, questionListResponse)
    : sendJson('post', `events/${id(eventId)}/questions`, body, questionListResponse)
  ).then(list);

export const deleteQuestion = ({ eventId, questionId }: { eventId: string; questionId: string }) =>
  sendJson(
    'delete',
    `events/${id(eventId)}/questions/${id(questionId)}`,
    undefined,
    questionListResponse,
  ).then(list);

export const moveQuestion = ({
  eventId,
  questionId,
  direction,
}: {
  eventId: string;
  questionId: string;
  direction: 'up' | 'down';
}) =>
  sendJson(
    'post',
    `events/${id(eventId)}/questions/${id(questionId)}/move`,
    { direction },
    questionListResponse,
  ).then(list);

/** What the buyer's checkout asks (public; nothing of anyone's answers). */
export const fetchCheckoutQuestions = (eventId: string) =>
  getJson(`events/${id(eventId)}/checkout-questions`, checkoutQuestionsResponse).then((r) => r.questions);
