/*
 * The few JNI declarations the probe library needs, so that its builds do not depend on the host JDK's headers.
 * From the JNI specification, "JNI Types and Data Structures" and "JNI Functions" (the interface function table:
 * SetIntArrayRegion is entry 211 of JNIEnv's table, counting the four reserved entries from 0), Java SE 17; the
 * same entries in every release since JNI 1.2.
 */
#ifndef CPF_JNI_MIN_H
#define CPF_JNI_MIN_H

#include <stdint.h>

typedef int32_t jint;
typedef int64_t jlong;
typedef int32_t jsize;
typedef void *jobject;
typedef jobject jclass;
typedef jobject jintArray;

struct cpf_jni_table;
typedef const struct cpf_jni_table *JNIEnv;

typedef void (*cpf_set_int_array_region)(JNIEnv *env, jintArray array, jsize start, jsize len, const jint *buf);

struct cpf_jni_table {
    void *entries_before[211];
    cpf_set_int_array_region SetIntArrayRegion;
};

#ifdef _WIN32
#define CPF_EXPORT __declspec(dllexport)
#define CPF_CALL __stdcall
#else
#define CPF_EXPORT __attribute__((visibility("default")))
#define CPF_CALL
#endif

#endif
