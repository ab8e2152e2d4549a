#ifndef _GNU_SOURCE
#define _GNU_SOURCE
#endif
#include <pthread.h>
#include <sched.h>
#include <stdio.h>
#include <stdlib.h>
#include <stdint.h>
#include <time.h>
#include <fairlock/mutex.h>
static fl_mutex_t m = FL_MUTEX_INIT;
static int last = -1; static long switches, total, count[64], turns_of[64];
static double held[64], turn_start;
static long hist[10]; static const double edges[9]={50,100,150,200,400,1000,3000,10000,1e18};
static volatile int stop; extern __thread int how; static long starts[16][2]; static int start_how; static long pair[16][16];
static int nthreads, pin;
static void work(int n){ for (volatile int i=0;i<n;i++); }
static double now_us(void){struct timespec t; clock_gettime(CLOCK_MONOTONIC,&t); return t.tv_sec*1e6+t.tv_nsec/1e3;}
static void *run(void *a){ int me=(int)(intptr_t)a;
  if (pin) { cpu_set_t s; CPU_ZERO(&s); CPU_SET(me%2,&s); pthread_setaffinity_np(pthread_self(),sizeof s,&s);}
  while(!stop){ fl_mutex_lock(&m);
    if(last!=me){ double t=now_us(); if(last>=0){ double d=t-turn_start; held[last]+=d; int b=0; while(d>=edges[b]) b++; hist[b]++; starts[start_how][d<50]++; if(d<50) pair[start_how][how]++;} start_how=how; turn_start=t; switches++; last=me; turns_of[me]++;}
    how=0; total++; count[me]++; work(20); fl_mutex_unlock(&m); work(50);} return 0;}
extern long dbg[16];
int main(int argc,char**argv){ nthreads=atoi(argv[1]); pin=argc>2; pthread_t t[64];
 for(int i=0;i<nthreads;i++) pthread_create(&t[i],0,run,(void*)(intptr_t)i);
 struct timespec d={0,300000000}; nanosleep(&d,0); stop=1;
 for(int i=0;i<nthreads;i++) pthread_join(t[i],0);
 double s1=0,s2=0; for(int i=0;i<nthreads;i++){s1+=count[i]; s2+=(double)count[i]*count[i];}
 printf("threads %d total %ld switches %ld (mean turn %.1f us) jain %.3f\n", nthreads,total,switches, 300000.0/(switches?switches:1), s1*s1/(nthreads*s2));
 printf("per thread acq/turns/held_ms:"); for(int i=0;i<nthreads;i++) printf(" %ld/%ld/%.1f",count[i],turns_of[i],held[i]/1000); printf("\nturn length hist (<50,<100,<150,<200,<400,<1000,<3000,<10000,more us):");
 for(int i=0;i<9;i++) printf(" %ld",hist[i]);
 const char*n[]={"stop-looks","stop-stalls","take-asked","take-turnover","take-idle","ask","park","handed","woken-watch","woken-nowatch","become-watcher","take-watching","take-waited","take-firstpass","watch-false","end-turn"};
 printf("\n"); for(int i=0;i<16;i++) printf("%s=%ld ",n[i],dbg[i]); printf("\nturns started by path (long/short<50us):"); for(int i=0;i<16;i++) if(starts[i][0]||starts[i][1]) printf(" %d:%ld/%ld",i,starts[i][0],starts[i][1]); printf("\nshort turns prev->next:"); for(int i=0;i<16;i++) for(int j=0;j<16;j++) if(pair[i][j]) printf(" %d->%d:%ld",i,j,pair[i][j]); printf("\n"); return 0;}
