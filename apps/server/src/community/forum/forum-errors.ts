import { AppError } from '../../platform/http/app-error.ts'

export function boardNotFound(): AppError {
  return new AppError(404, 'BOARD_NOT_FOUND', 'forum.boardNotFound')
}

export function threadNotFound(): AppError {
  return new AppError(404, 'THREAD_NOT_FOUND', 'forum.threadNotFound')
}

export function postNotFound(): AppError {
  return new AppError(404, 'POST_NOT_FOUND', 'forum.postNotFound')
}

export function imageNotFound(): AppError {
  return new AppError(404, 'IMAGE_NOT_FOUND', 'forum.imageNotFound')
}

/** A field of the composer the server refused, in the shape the forms show next to the field. */
export function fieldError(field: string, key: string, status = 400): AppError {
  return new AppError(status, 'VALIDATION_ERROR', 'validation.formError', {}, [
    { path: `body/${field}`, key },
  ])
}
