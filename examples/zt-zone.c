// SPDX-License-Identifier: GPL-2.0-only OR MIT
/*
 * zt-zone.c - a zone's type and condition by name
 */
#include "zt-zone.h"

const char *zt_type_name(unsigned int type)
{
	switch (type) {
	case ZT_TYPE_CNV:
		return "conventional";
	case ZT_TYPE_SEQ_REQ:
		return "seq-write-required";
	case ZT_TYPE_SEQ_PREF:
		return "seq-write-preferred";
	default:
		return "unknown";
	}
}

const char *zt_cond_name(unsigned int cond)
{
	switch (cond) {
	case ZT_COND_NOT_WP:
		return "not-wp";
	case ZT_COND_EMPTY:
		return "empty";
	case ZT_COND_IMP_OPEN:
		return "implicit-open";
	case ZT_COND_EXP_OPEN:
		return "explicit-open";
	case ZT_COND_CLOSED:
		return "closed";
	case ZT_COND_READONLY:
		return "read-only";
	case ZT_COND_FULL:
		return "full";
	case ZT_COND_OFFLINE:
		return "offline";
	default:
		return "unknown";
	}
}
